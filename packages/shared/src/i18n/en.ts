/**
 * Texts both sides need: validation messages (the API answers them in the caller's language,
 * the SPA shows the same keys client-side) and server error texts. UI-only texts live in the web app.
 */
export const en = {
  VALIDATION: {
    REQUIRED: "This field is required",
    INVALID: "This value is not valid",
    TOO_LONG: "This value is too long",
    INVALID_CHARACTERS: "This value contains characters that are not allowed",
    NOT_FOUND_REFERENCE: "The selected item does not exist",
    EMAIL_FORMAT: "Enter a valid e-mail address",
    PASSWORD_LENGTH: "The password must be 8 to 24 characters long",
    PASSWORD_LOWERCASE: "The password must contain a lowercase letter",
    PASSWORD_UPPERCASE: "The password must contain an uppercase letter",
    PASSWORD_DIGIT: "The password must contain a digit",
    PASSWORD_WHITESPACE: "The password must not contain spaces",
    PASSWORD_CONFIRMATION: "The passwords do not match",
  },
  AUTH: {
    INVALID_CREDENTIALS: "Incorrect e-mail or password",
    ACCOUNT_INACTIVE: "This account is blocked or has not been activated yet",
    TOO_MANY_ATTEMPTS: "Too many sign-in attempts. Please wait a few minutes and try again.",
    TOKEN_INVALID: "This link has expired or is no longer valid",
    SESSION_EXPIRED: "Your session has expired, please sign in again",
    RESET_DONE: "Your password has been changed, you can now sign in",
    FORGOT_SENT: "If the address belongs to an account, a reset link has been sent to it",
    EMAIL_VERIFIED: "The e-mail was verified, you can now sign in",
  },
  ERRORS: {
    FORBIDDEN: "The user account does not have enough permissions to perform this action",
    UNAUTHORIZED: "You need to sign in to perform this action",
    NOT_FOUND: "The requested item was not found",
    VALIDATION:
      "One or more problems were found while performing this operation, please verify the provided information and try again...",
    CONFLICT: "This operation conflicts with the current state of the data",
    INTERNAL: "An unexpected error occurred, please try again later",
    TOO_MANY_REQUESTS: "Too many requests, please slow down",
  },
  COUNTRIES: {
    VALIDATION: {
      NAME_MISSING: "The country name is required",
      CODE_MISSING: "The country code is required",
      CODE_FORMAT: "The country code must be exactly three capital letters",
      CODE_TAKEN: "Another country already uses this code",
    },
    HAS_STATES: "This country still has states; delete or move them first",
  },
  STATES: {
    VALIDATION: {
      NAME_MISSING: "The state name is required",
      CODE_MISSING: "The state code is required",
      CODE_FORMAT: "The state code must be exactly three capital letters",
      CODE_TAKEN: "Another state already uses this code",
      COUNTRY_MISSING: "The country is required",
    },
    HAS_CITIES: "This state still has cities; delete or move them first",
  },
  CITIES: {
    VALIDATION: {
      NAME_MISSING: "The city name is required",
      CODE_MISSING: "The city code is required",
      CODE_FORMAT: "The city code must look like ABC-123",
      CODE_TAKEN: "Another city already uses this code",
      TIME_ZONE_MISSING: "The time zone is required",
      TIME_ZONE_FORMAT: "Choose a valid time zone",
      STATE_MISSING: "The state is required",
    },
    IN_USE: "This city is still in use; remove what refers to it first",
  },
  USERS: {
    VALIDATION: {
      FIRST_NAME_MISSING: "The first name is required",
      LAST_NAME_MISSING: "The last name is required",
      PHONE_MISSING: "The phone is required",
      PHONE_FORMAT: "Enter a 10-digit phone number, optionally with a +country code",
      EMAIL_TAKEN: "Another user already uses this e-mail",
      ROLES_FORMAT: "Choose roles from the list",
      ROLE_UNKNOWN: "One of the chosen roles does not exist",
      PICTURE_FORMAT: "The picture must be a JPEG, PNG, WebP or GIF image",
      PICTURE_TOO_LARGE: "The picture must be at most 5 MB",
      PICTURE_COUNT: "Only one picture is allowed",
      ROLE_BEYOND_OWN: "You cannot assign a role with permissions you do not have",
    },
    CANNOT_BLOCK_SELF: "You cannot block your own account",
    CANNOT_DELETE_SELF: "You cannot delete your own account",
    LAST_SUPER_ADMIN: "This is the last active super-admin; it cannot be blocked or deleted",
    IN_USE: "This user still has records that refer to it",
    SUPER_ADMIN_PROTECTED: "Only a super-admin can change a super-admin account",
    TARGET_BEYOND_OWN: "You cannot change a user who has permissions you do not have",
  },
  ROLES: {
    VALIDATION: {
      NAME_MISSING: "The role name is required",
      NAME_TAKEN: "Another role already has this name",
      PERMISSIONS_FORMAT: "Permissions must be a list of codes",
      PERMISSION_UNKNOWN: "One or more permissions do not exist",
      PERMISSION_BEYOND_OWN: "You cannot grant permissions you do not have",
    },
    IN_USE: "This role is assigned to users; remove it from them first",
    TARGET_BEYOND_OWN: "You cannot change a role that has permissions you do not have",
  },
  PAYMENT_PROVIDERS: {
    INACTIVE: "This payment provider is blocked and cannot be used",
  },
  PAYMENT_METHODS: {
    INACTIVE: "This payment method is blocked and cannot be used",
  },
};

export type SharedMessages = typeof en;
