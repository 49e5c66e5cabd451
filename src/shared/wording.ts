/** The user-facing wording of errors (docs/product.md#wording), quoted exactly; {placeholders} are filled by the helpers below. */
export const wording = {
  networkFailure: "Network connection failed. Please check your internet connection.",
  timeout: "Request timeout. Please try again.",
  accessDenied: "Access denied. You don't have permission to access this resource.",
  authenticationFailed: "Authentication failed. Please log in again.",
  invalidEmail: "Please enter a valid email address.",
  unhandledApplicationError: "Application error: ",
  callNeedsDevicesToStart: "Please allow camera and microphone access to make calls",
  callNeedsDevicesToJoin: "Please allow camera and microphone access to join calls",
  callNeedsScreen: "Please allow screen sharing access",
} as const;

export const endpointNotFound = (path: string) => `API endpoint not found: ${path}. The requested resource may not exist on the server.`;

export const tooManyRequests = (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`;

export const serverError = (status: number) => `Server error (${status})`;

export const httpErrorStatus = (status: number) => `HTTP error! status: ${status}`;

/** Our own wording where docs/product.md#wording has none. */
export const productWording = {
  invalidJson: "The request body is not valid JSON.",
  payloadTooLarge: "The request is too large.",
  validationFailed: "Please correct the highlighted fields.",
  nulCharacter: "This must not contain a NUL character.",
  internalError: "Something went wrong on our side. Please try again in a moment.",
  notFound: "The requested resource was not found.",
  databaseUnavailable: "The service cannot reach its database right now. Please try again in a moment.",
  queryTimeout: "The request took too long and was stopped. Please try again in a moment.",
  storageUnavailable: "The file could not be stored or read just now. Nothing was saved; please try again in a moment.",
} as const;
