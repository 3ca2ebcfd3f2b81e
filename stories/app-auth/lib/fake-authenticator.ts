/**
 * A stand-in for the browser's security-key prompt: `navigator.credentials.create` and `.get`
 * answer like a USB key would, or fail the way browsers report a closed prompt or a key that is
 * already registered. The app's real WebAuthn code (@simplewebauthn/browser) runs against it,
 * so stories prove what the page sends and how it takes each outcome.
 */
export type AuthenticatorBehaviour = 'approve' | 'cancel' | 'already-registered' | 'wait';

/** The options each prompt was opened with, as the browser received them. */
export type AuthenticatorRecord = {
  created: PublicKeyCredentialCreationOptions[];
  requested: PublicKeyCredentialRequestOptions[];
};

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).buffer as ArrayBuffer;

/** Base64url without padding, the encoding WebAuthn JSON uses. */
export function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Text of a buffer the page handed to the prompt (e.g. the challenge). */
export function textOf(source: BufferSource | undefined): string {
  if (!source) return '';
  return new TextDecoder().decode(source instanceof ArrayBuffer ? source : source.buffer);
}

export const FAKE_KEY_ID = 'story-security-key';
export const FAKE_CLIENT_DATA = '{"type":"webauthn.story"}';

function failureFor(behaviour: AuthenticatorBehaviour): DOMException | null {
  if (behaviour === 'cancel') {
    return new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  }
  if (behaviour === 'already-registered') {
    return new DOMException('The authenticator was previously registered.', 'InvalidStateError');
  }
  return null;
}

const common = {
  id: base64url(FAKE_KEY_ID),
  rawId: bytes(FAKE_KEY_ID),
  type: 'public-key',
  authenticatorAttachment: 'cross-platform',
  getClientExtensionResults: () => ({}),
};

const registration = {
  ...common,
  response: {
    clientDataJSON: bytes(FAKE_CLIENT_DATA),
    attestationObject: bytes('story-attestation'),
    getTransports: () => ['usb'],
  },
};

const assertion = {
  ...common,
  response: {
    clientDataJSON: bytes(FAKE_CLIENT_DATA),
    authenticatorData: bytes('story-authenticator-data'),
    signature: bytes('story-signature'),
    userHandle: null,
  },
};

/** Replaces the prompt until `restore` is called. */
export function installFakeAuthenticator(behaviour: AuthenticatorBehaviour): {
  record: AuthenticatorRecord;
  restore: () => void;
} {
  const container = navigator.credentials;
  const record: AuthenticatorRecord = { created: [], requested: [] };
  const answer = async (result: object) => {
    const failure = failureFor(behaviour);
    if (failure) throw failure;
    return result as Credential;
  };
  Object.defineProperty(container, 'create', {
    configurable: true,
    value: (options: CredentialCreationOptions) => {
      if (options.publicKey) record.created.push(options.publicKey);
      return answer(registration);
    },
  });
  Object.defineProperty(container, 'get', {
    configurable: true,
    value: (options: CredentialRequestOptions) => {
      if (options.publicKey) record.requested.push(options.publicKey);
      // `wait`: the person never picks one; the request ends only when the page ends it.
      if (behaviour === 'wait')
        return new Promise<Credential>((_, reject) =>
          options.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        );
      return answer(assertion);
    },
  });
  return {
    record,
    restore: () => {
      // The own properties shadowed the browser's methods; removing them brings those back.
      Reflect.deleteProperty(container, 'create');
      Reflect.deleteProperty(container, 'get');
    },
  };
}
