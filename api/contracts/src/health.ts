export interface HealthResponse {
  status: 'ok' | 'error';
  database: { type: 'mysql' | 'sqlite'; status: 'up' | 'down' };
}
