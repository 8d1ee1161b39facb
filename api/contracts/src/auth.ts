export interface SessionStatus {
  authenticated: boolean;
}

export interface LoginRequest {
  password: string;
}

export interface LoginResponse {
  success: boolean;
  message: string;
}
