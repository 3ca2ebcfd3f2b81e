import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { PublicKeyOptions, VerifyWebauthnRequest, WebauthnRegisterRequest } from '@helios/api';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';

/** What the browser library hands the page, as the contract carries it. */
export type RegistrationAnswer = WebauthnRegisterRequest['response'];
export type AuthenticationAnswer = VerifyWebauthnRequest['response'];

const ES256 = -7;
/** Authenticator data flags (WebAuthn §6.1). */
const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

/** What a test may bend in one answer, as a hostile page or a broken key would. */
export type Knobs = {
  /** The origin the browser reports in clientDataJSON (default: the page's origin). */
  origin?: string;
  /** The RP ID whose hash goes into authenticator data (default: the one the options name). */
  rpId?: string;
  /** The signature counter to report (default: one more than the last one reported). */
  counter?: number;
  /** Whether the key verified its user this time (default: whether it has a PIN). */
  userVerified?: boolean;
};

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

/**
 * A software security key with one ES256 credential, answering creation and request options as
 * a browser with that key plugged in would: it refuses options it cannot serve (no ES256, its
 * credential excluded, not among the allowed ones) and signs what a real key signs. Created as a
 * resident (discoverable) credential it keeps the user handle, and an answer to options with no
 * allowed credentials carries it, as a passkey's does.
 */
export class SoftwareAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  /** The last signature counter reported; a key that never counts stays at 0. */
  counter = 0;
  /** The user handle of a resident credential, kept from the creation options. */
  userHandle: string | null = null;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  constructor(
    /** The page the browser is on. */
    readonly origin: string,
    private readonly options: { counts?: boolean; userVerified?: boolean } = {},
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create(): a new credential with attestation format `none`. */
  create(options: PublicKeyCredentialCreationOptionsJSON, knobs: Knobs = {}): RegistrationAnswer {
    if (!options.pubKeyCredParams.some((p) => p.alg === ES256)) throw new Error('NotSupportedError: no ES256');
    if (options.excludeCredentials?.some((c) => c.id === this.id)) throw new Error('InvalidStateError: excluded');
    if (options.authenticatorSelection?.residentKey === 'required') this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, knobs);
    const authData = Buffer.concat([
      this.authDataHead(
        knobs.rpId ?? options.rp.id ?? new URL(this.origin).hostname,
        FLAG_ATTESTED_CREDENTIAL,
        0,
        knobs.userVerified,
      ),
      Buffer.alloc(16), // AAGUID: all zeros, as keys that do not attest report
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authData),
        transports: ['usb'],
        publicKeyAlgorithm: ES256,
        publicKey: b64url(this.keys.publicKey.export({ format: 'der', type: 'spki' })),
      },
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion signed over authenticator data and the client
   * data's hash. An empty allow list lets the key answer as a discoverable credential. */
  get(options: PublicKeyCredentialRequestOptionsJSON, knobs: Knobs = {}): AuthenticationAnswer {
    const allowed = options.allowCredentials ?? [];
    if (allowed.length > 0 && !allowed.some((c) => c.id === this.id)) throw new Error('NotAllowedError: not allowed');
    const counter = knobs.counter ?? (this.options.counts === false ? 0 : this.counter + 1);
    this.counter = counter;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, knobs);
    const authData = this.authDataHead(
      knobs.rpId ?? options.rpId ?? new URL(this.origin).hostname,
      0,
      counter,
      knobs.userVerified,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(allowed.length === 0 && this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, knobs: Knobs): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: knobs.origin ?? this.origin, crossOrigin: false }));
  }

  /** RP ID hash, flags (the touch always; verification when this key has a PIN), counter. */
  private authDataHead(rpId: string, extraFlags: number, counter: number, userVerified?: boolean): Buffer {
    const verified = userVerified ?? this.options.userVerified;
    const flags = FLAG_USER_PRESENT | (verified ? FLAG_USER_VERIFIED : 0) | extraFlags;
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(counter)]);
  }

  /** The public key as a COSE_Key map: EC2, ES256, P-256, x and y. */
  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, ES256],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
      ]),
    );
  }
}

// The contract keeps WebAuthn options loose (the browser library reads them); the software key
// reads them as the typed JSON forms.
export const creation = (options: PublicKeyOptions) => options as unknown as PublicKeyCredentialCreationOptionsJSON;
export const request = (options: PublicKeyOptions) => options as unknown as PublicKeyCredentialRequestOptionsJSON;
