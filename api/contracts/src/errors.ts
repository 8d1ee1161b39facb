/** The JSON body of every error answer of the API. */
export interface ApiError {
  statusCode: number;
  /** A sentence a person can read. */
  message: string;
  /** Field-level messages of a refused request body, when there are several. */
  errors?: { field: string; messages: string[] }[];
}
