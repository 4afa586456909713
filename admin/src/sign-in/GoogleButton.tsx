import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/codes';
import { loadGoogleIdentity } from './googleIdentity';

interface Props {
  clientId: string;
  onCredential(credential: string): void;
  onError(message: string): void;
}

/** Google's own sign-in button; its credential goes to our google-login call. */
export function GoogleButton({ clientId, onCredential, onError }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const callbacks = useRef({ onCredential, onError });
  callbacks.current = { onCredential, onError };

  useEffect(() => {
    let current = true;
    loadGoogleIdentity().then(
      (google) => {
        if (!current || !container.current) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) callbacks.current.onCredential(response.credential);
            else callbacks.current.onError(MESSAGES.googleLoginFailed);
          },
        });
        google.renderButton(container.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: 280,
        });
      },
      (error) => {
        console.error(error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [clientId]);

  if (failed) return null;
  return <div ref={container} className="signin-google" />;
}
