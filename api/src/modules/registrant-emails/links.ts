import { ACCOUNT_PATH } from '../../../../shared/account.js';

// The addresses emails to registrants end with: My registrations and support. One pair per
// deployment, set when the app is built (like the program's time zone), so work that stages
// emails from anywhere (the daily run, a staff decision) writes the same links without each
// caller carrying the settings.

export interface RegistrantLinks {
  /** My registrations, where the person keeps their record and registers again. */
  account: string;
  support: string;
}

let links: RegistrantLinks | undefined;

export function setRegistrantLinks(settings: { publicUrl: string; supportUrl: string }): void {
  links = { account: `${settings.publicUrl}${ACCOUNT_PATH}`, support: settings.supportUrl };
}

export function registrantLinks(): RegistrantLinks {
  if (!links) throw new Error('Registrant links are set when the app is built (buildApp).');
  return links;
}
