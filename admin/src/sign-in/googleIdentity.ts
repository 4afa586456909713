// Google Identity Services, loaded only when a client id is configured.
export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

let loading: Promise<GoogleId> | undefined;

export function loadGoogleIdentity(): Promise<GoogleId> {
  loading ??= new Promise<GoogleId>((resolve, reject) => {
    const ready = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not load'));
    };
    if (window.google?.accounts?.id) return ready();
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
