import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for tests over HTTP: it makes ES256 credentials and
 * signs assertions exactly as a security key does ("none" attestation, user present and
 * verified), so the server's checks run on real signatures. It can also misbehave on purpose:
 * answer for another origin, or send a counter that went back (a cloned key).
 */
export class SoftAuthenticator {
  readonly #credentials = new Map<
    string,
    { privateKey: KeyObject; userHandle: string; counter: number }
  >();

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  /** The credential ids it holds, base64url. */
  get credentialIds(): string[] {
    return [...this.#credentials.keys()];
  }

  /** Answers `navigator.credentials.create()` for the server's registration options. */
  register(options: Record<string, unknown>, { origin = this.origin } = {}) {
    const { challenge, user } = options as { challenge: string; user: { id: string } };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credentialId = randomBytes(16);
    const id = credentialId.toString('base64url');
    this.#credentials.set(id, { privateKey, userHandle: user.id, counter: 0 });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.#rpIdHash(),
      // User present, user verified, attested credential data included.
      Buffer.from([0x01 | 0x04 | 0x40]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.#clientData('webauthn.create', challenge, origin),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /**
   * Answers `navigator.credentials.get()`: with `credentialId`, or its first credential. The
   * counter goes up by one at each answer unless `counter` says what to send.
   */
  assert(
    options: Record<string, unknown>,
    {
      credentialId = this.credentialIds[0],
      origin = this.origin,
      counter,
    }: { credentialId?: string; origin?: string; counter?: number } = {},
  ) {
    const { challenge } = options as { challenge: string };
    const credential = credentialId ? this.#credentials.get(credentialId) : undefined;
    if (!credentialId || !credential) throw new Error('no such credential');
    credential.counter = counter ?? credential.counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([this.#rpIdHash(), Buffer.from([0x01 | 0x04]), count]);
    const clientDataJSON = this.#clientData('webauthn.get', challenge, origin);
    const signed = Buffer.concat([
      authData,
      createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest(),
    ]);
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, credential.privateKey).toString('base64url'),
        userHandle: credential.userHandle,
      },
    };
  }

  #rpIdHash(): Buffer {
    return createHash('sha256').update(this.rpId).digest();
  }

  #clientData(type: string, challenge: string, origin: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString(
      'base64url',
    );
  }
}
