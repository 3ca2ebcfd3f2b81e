/** The OIDC client id of the candidate sharing portal: its logins get the sharing-portal title. */
export const SHARING_PORTAL_CLIENT_ID = 'athena';
/** The sharing portal's sign-in entry on this server. */
export const SHARING_PORTAL_ENTRY = '/auth/athena';
/** Spec §9: invalid-session messages reset the login after this long. */
export const INVALID_SESSION_RESET_MS = 3_000;
/** Spec §9: the offer to add a sign-in method is skipped after this much inactivity. */
export const LINK_OFFER_IDLE_MS = 60_000;
