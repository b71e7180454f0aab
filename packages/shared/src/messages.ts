/**
 * Texts a person reads, in one place so the browser and the server say the same thing.
 * Toasts and fallbacks are worded exactly as the spec words them.
 */
export const TOASTS = {
  loginSuccess: 'Login successful!',
  otpSent: 'OTP sent to your email!',
  accountVerified: 'Account verified! Please login.',
  passwordReset: 'Password reset successful!',
  otpResent: 'OTP resent successfully!',
  requestFailed: 'Request failed',
  otpVerificationFailed: 'OTP verification failed',
  resendFailed: 'Resend failed',
  sendOtpFailed: 'Failed to send OTP',
  unauthorizedRedirect: 'Unauthorized: Redirecting to login',
  noToken: 'No authentication token found',
  /** The spec's 'Logout Successfull', spelled correctly. */
  logoutSuccess: 'Logout successful',
} as const;

/** 'We sent a code to {email} to confirm it is you.', in parts for the dialog to bold the address. */
export const SIGN_IN_CODE_SENT = {
  before: 'We sent a code to ',
  after: ' to confirm it is you.',
} as const;

export const AUTH_MESSAGES = {
  signUpCodeSent: 'Account created. We sent a 6-digit code to your email.',
  invalidCredentials: 'Email or password is incorrect',
  notVerified: (email: string) =>
    `Your email is not verified yet. Enter the 6-digit code we sent to ${email}.`,
  /** Past the attempt limits a correct password also needs a mailed code (decision 104). */
  signInCodeRequired: (email: string) =>
    `${SIGN_IN_CODE_SENT.before}${email}${SIGN_IN_CODE_SENT.after}`,
  signedIn: 'Login successful!',
  otpSent: 'OTP sent to your email!',
  resetCodeSent: 'If an account exists for this email, we sent it a 6-digit code.',
  accountVerified: 'Account verified! Please login.',
  passwordReset: 'Password reset successful!',
  otpInvalid: 'The code is incorrect. Please check it and try again.',
  otpExpired: 'This code has expired. Please request a new one.',
  otpBurned: 'Too many wrong codes. Please request a new one.',
  otpMissing: 'No valid code for this email. Please request a new one.',
  resendLocked: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  sessionExpired: 'Your session has expired. Please sign in again.',
  signInRequired: 'Please sign in to continue.',
  customerFetched: 'Customer Fetched Successfully',
} as const;

export const HTTP_MESSAGES = {
  nulCharacter:
    'The request contains a NUL character (\\0), which text cannot hold. Remove it and try again.',
  notFound: 'The requested resource was not found.',
  routeNotFound: (method: string, url: string) => `No API route matches ${method} ${url}.`,
  invalidJson: 'The request body is not valid JSON.',
  jsonTooDeep: 'The request body nests too deeply. Send a flatter JSON document.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'This content type is not supported. Send JSON.',
  internal: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  busy: 'The server is busy reading other files. Please try again in a minute.',
} as const;

export const AUTH_ERROR_PAGE = {
  title: 'Authentication Error',
  body: 'There was a problem with authentication. Please try logging in again.',
  action: 'Go to Login',
  toast: 'Authentication failed. Please try refreshing the page.',
} as const;
