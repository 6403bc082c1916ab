import { useState, type FormEvent } from 'react';
import { client, type PageConfig, type Session } from './api';
import { SignInCheckDocument } from './generated/graphql';
import { sessionFrom, startIdentityProviderSignIn } from './session';

/**
 * Sign-in: paste an admin token (`npm run --silent token -- --merchant m --channel c --role admin`)
 * with its merchant and channel, or — when the platform trusts an identity provider — sign in there.
 * The token is tried with a query only admins may run before the session is kept.
 */
export function SignInPage({ config, onSignIn }: { config: PageConfig; onSignIn: (session: Session) => void }) {
  const [token, setToken] = useState('');
  const [merchant, setMerchant] = useState('');
  const [channel, setChannel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const session = sessionFrom(token.trim(), 'token', merchant.trim(), channel.trim());
      if (!session.merchant || !session.channel) throw new Error('Give the merchant and channel (the token names several channels or none).');
      await client(config, session)(SignInCheckDocument);
      onSignIn(session);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sign-in">
      <h1>Checkout admin</h1>
      <form onSubmit={submit}>
        <label>
          Admin token
          <textarea name="token" rows={4} value={token} onChange={(event) => setToken(event.target.value)} required placeholder="eyJ…" />
        </label>
        <label>
          Merchant <input name="merchant" value={merchant} onChange={(event) => setMerchant(event.target.value)} placeholder="from the token" />
        </label>
        <label>
          Channel <input name="channel" value={channel} onChange={(event) => setChannel(event.target.value)} placeholder="from the token" />
        </label>
        {problem && <p className="problem" role="alert">{problem}</p>}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      {config.identityProvider && (
        <p>
          <button type="button" onClick={() => startIdentityProviderSignIn(config.identityProvider!).catch((error: Error) => setProblem(error.message))}>
            Sign in with the identity provider
          </button>
        </p>
      )}
      <p className="hint">
        A token for local use: <code>npm run --silent token -- --merchant demo --channel demo --role admin</code>
      </p>
    </div>
  );
}
