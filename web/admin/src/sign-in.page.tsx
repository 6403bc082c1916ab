import { useId, useState, type FormEvent } from 'react';
import { client, type PageConfig, type Session } from './api';
import { SignInCheckDocument } from './generated/graphql';
import { sessionFrom, startIdentityProviderSignIn } from './session';
import { pastedToken, signInProblems, signInRefusal, type SignInField, type SignInProblems } from './token-check';

/**
 * Sign-in: paste an admin token (`npm run --silent token -- --merchant m --channel c --role admin`)
 * with its merchant and channel, or — when the platform trusts an identity provider — sign in there.
 * The token is read first (what is wrong with it is said at its field), then tried with a query
 * only admins may run before the session is kept.
 */
export function SignInPage({ config, onSignIn }: { config: PageConfig; onSignIn: (session: Session) => void }) {
  const [token, setToken] = useState('');
  const [merchant, setMerchant] = useState('');
  const [channel, setChannel] = useState('');
  const [problems, setProblems] = useState<SignInProblems>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const pasted = pastedToken(token);
    const found = signInProblems(pasted, merchant.trim(), channel.trim());
    setProblems(found);
    const first = (['token', 'merchant', 'channel'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const session = sessionFrom(pasted, 'token', merchant.trim(), channel.trim());
      await client(config, session)(SignInCheckDocument);
      onSignIn(session);
    } catch (error) {
      setProblems(signInRefusal(error as Error));
      document.getElementById(`${ids}-token`)?.focus();
    } finally {
      setBusy(false);
    }
  };
  /** The props tying a field to its problem. */
  const described = (field: SignInField) => ({
    id: `${ids}-${field}`,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${ids}-${field}-problem` : undefined,
  });
  const said = (field: SignInField) =>
    problems[field] && (
      <span id={`${ids}-${field}-problem`} className="field-error" role="alert" data-testid={`sign-in-problem-${field}`}>
        {problems[field]}
      </span>
    );

  return (
    <div className="sign-in">
      <h1>Checkout admin</h1>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-token`}>Admin token</label>
          <textarea name="token" rows={4} value={token} onChange={(event) => setToken(event.target.value)} placeholder="eyJ…" {...described('token')} />
          {said('token')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-merchant`}>Merchant</label>
          <input name="merchant" value={merchant} onChange={(event) => setMerchant(event.target.value)} placeholder="from the token" {...described('merchant')} />
          {said('merchant')}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-channel`}>Channel</label>
          <input name="channel" value={channel} onChange={(event) => setChannel(event.target.value)} placeholder="from the token" {...described('channel')} />
          {said('channel')}
        </div>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
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
