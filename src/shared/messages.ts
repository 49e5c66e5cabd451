/** The message catalogue of SPEC §8, quoted exactly; {placeholders} are filled by the helpers below. */
export const messages = {
  networkFailure: "Network connection failed. Please check your internet connection.",
  timeout: "Request timeout. Please try again.",
  accessDenied: "Access denied. You don't have permission to access this resource.",
  authenticationFailed: "Authentication failed. Please log in again.",
  invalidEmail: "Please enter a valid email address.",
  unhandledApplicationError: "Application error: ",
} as const;

export const endpointNotFound = (path: string) => `API endpoint not found: ${path}. The requested resource may not exist on the server.`;

export const tooManyRequests = (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`;

export const serverError = (status: number) => `Server error (${status})`;

export const httpErrorStatus = (status: number) => `HTTP error! status: ${status}`;

/** Our own wording where SPEC §8 has none. */
export const productMessages = {
  invalidJson: "The request body is not valid JSON.",
  payloadTooLarge: "The request is too large.",
  validationFailed: "Please correct the highlighted fields.",
  internalError: "Something went wrong on our side. Please try again in a moment.",
  notFound: "The requested resource was not found.",
} as const;
