/** The JSON body of every error answer of the API. */
export interface ApiError {
  statusCode: number;
  /** A sentence a person can read. */
  message: string;
  /** Field-level messages of a refused request body, when there are several. */
  errors?: { field: string; messages: string[] }[];
}

/**
 * The sentence a person can read in a failed call's answer (an {@link ApiError}), if it has one.
 * `error` is a front end's failed-request value, whose `data` is the parsed body of the answer; a
 * list of sentences (a validation pipe's) is joined.
 */
export function serverMessage(error: unknown): string | undefined {
  const data =
    typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string'))
      return message.join('; ');
  }
  return undefined;
}
