let common: Promise<Set<string>> | undefined;

/** zxcvbn-ts's list of common passwords (≈49,000, from breach corpora), loaded on first use (≈30 ms). */
function commonPasswords(): Promise<Set<string>> {
  return (common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set(m.dictionary['passwords-common'].map((p) => p.toLowerCase())),
  ));
}

/** Whether a new password is on the common list, compared without case ("Password1" is "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
