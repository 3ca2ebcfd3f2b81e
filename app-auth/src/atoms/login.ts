import type {
  FederatedProvider,
  FederatedProviderId,
  LoginCredential,
  LoginSessionResponse,
  LoginState,
} from '@helios/api';
import { atom } from 'jotai';
import type { ErrorKey } from '../lib/errors';

/** Where the login stands, as the server last described it. */
export type LoginView = {
  state: LoginState;
  /** The login's id, held here only: never in the address (the login cookie finds it again). */
  sessionId: string | null;
  email: string;
  credentials: LoginCredential[];
  isUser: boolean;
  isStakeholder: boolean;
  allowTotpRemember: boolean;
  /** The configured providers this login can continue with (or link, on the offer step). */
  providers: FederatedProvider[];
  /** The provider the email's domain signs in with automatically: the page goes there at once. */
  automaticProvider: FederatedProviderId | null;
};

export const initialLogin: LoginView = {
  state: 'Start',
  sessionId: null,
  email: '',
  credentials: [],
  isUser: false,
  isStakeholder: false,
  allowTotpRemember: false,
  providers: [],
  automaticProvider: null,
};

export const loginAtom = atom<LoginView>(initialLogin);

/** A shown error: hard errors replace the step's input (spec: a hard code error hides the boxes). */
export type LoginError = { code: string | undefined; key: ErrorKey; kind: 'soft' | 'hard' };
export const loginErrorAtom = atom<LoginError | null>(null);

/** True while a call is in flight: buttons show progress and nothing submits twice. */
export const loginBusyAtom = atom(false);

export function viewFrom(response: LoginSessionResponse, email: string): LoginView {
  return {
    state: response.state,
    sessionId: response.session_id,
    email,
    credentials: response.available_credentials,
    isUser: response.is_user,
    isStakeholder: response.is_stakeholder,
    allowTotpRemember: response.allow_totp_remember,
    providers: response.providers,
    automaticProvider: response.automatic_provider,
  };
}
