import { PINNED_KEY_FINGERPRINTS } from "./cli-pinned-keys.js";

export const NAME = "areaoe-security-header";

const PINNED =
  PINNED_KEY_FINGERPRINTS.length === 0
    ? "This copy pins no key fingerprint: give --fingerprint with --key-from."
    : `Key fingerprints pinned in this copy (trusted by --key-from without --fingerprint):\n${PINNED_KEY_FINGERPRINTS.map((fingerprint) => `  ${fingerprint}`).join("\n")}`;

export const HELP = `${NAME}: make the WS-Security header for the tax authority's web services

Usage:
  ${NAME} --username NIF/USERID [--key FILE | --key-from URL] [--form FORM] [--password-stdin] [options]
  ${NAME} check-certificate FILE [--password-stdin]
      check a certificate (PEM, DER or PKCS#12) on this machine: subject, issuer, validity,
      key size and usage; the openssl commands to convert a PKCS#12 file with legacy
      encryption. See: ${NAME} check-certificate --help

The password is read from standard input with --password-stdin (one trailing newline is
removed), or typed at a hidden prompt when standard input is a terminal. It is never accepted
as a command-line argument: arguments are visible to other users and kept in shell history.

Options:
  -u, --username NIF/USERID  9-digit NIF, a slash and the sub-user number, e.g. 123456789/1
  -k, --key FILE             the authority's certificate or public key, PEM or DER
                             ("BEGIN CERTIFICATE", "BEGIN PUBLIC KEY", "BEGIN RSA PUBLIC KEY")
      --key-from URL         pick the key by date from a published key set (JSON), e.g. the sandbox's
                             https://<portal>/areaOE/sandbox/keys, or file:PATH for one on this
                             machine: among the keys not "retired" with validFrom <= date <
                             validUntil, the one with the latest validFrom (during an overlap, the
                             "next" key: a rehearsal of the authority's yearly switch). https only
                             (plain http is refused), redirects only within the key set's origin.
                             The key is used only if its SHA-256 fingerprint is one you trust
                             (--fingerprint, or pinned in this copy; a key set file's own), never
                             merely the one the answer publishes, and its certificate has it.
                             Refused when no key fits (exit 4), the key set cannot be read, is over
                             64 KB or takes over 10 s (exit 5), or is untrusted or malformed (exit 6)
      --fingerprint SHA256   a key certificate's SHA-256 fingerprint that --key-from may use (64 hex
                             characters, colons allowed, as the portal's page shows it); repeat it
                             for the current and the next key
      --key-date ISO         the date --key-from picks the key for (default: now, or the
                             --clock-from time), e.g. 2027-04-15 or 2027-04-15T08:00:00Z
  -f, --form FORM            which of the two forms to make (default: digest):
                               digest             Created in clear text and a Digest attribute on
                                                  Password (SHA-1 of key, Created and password).
                                                  What the authority's own sample client sends;
                                                  choose it unless you know you need the other.
                               encrypted-created  no Digest; Created encrypted with the AES key.
                                                  What the current invoicing clients send; choose
                                                  it only if your software already uses this form.
      --clock-from URL       take the time for Created from this server's clock instead of this
                             machine's, e.g. https://<portal>/areaOE/api/time (answers
                             {"now": <epoch ms>}); if unreachable, warns and uses the local clock
      --password-stdin       read the password from standard input (also for check-certificate:
                             the PKCS#12 file's password)
      --json                 print the result as JSON instead of the XML header
      --envelope             wrap the header in a SOAP 1.1 envelope (with --json: adds "envelope")
      --local-key-dir DIR    local test key pair used without --key
                             (default: ./.local/cli-test-key, created on first use)
  -h, --help                 show this help
  -v, --version              show the version

Without --key, a local test key pair (4096-bit RSA, self-signed) is used. Headers made with it
are for LOCAL TESTING ONLY: the authority's services cannot decrypt them.

The header is valid for 1 minute after its Created time, so this machine's clock must be right
(kept by NTP), or use --clock-from. The header goes to standard output; warnings (NIF check
digit, certificate expired or expiring within 30 days, clock offset) go to standard error.

Exit status: 0 success, 1 unexpected failure, 2 usage error (the command line), 3 bad input
(username, password, key or key file), 4 --key-from: no key valid on the date, 5 --key-from: the key
set or certificate could not be read (retrying may help), 6 --key-from: refused (untrusted
fingerprint, plain http, a redirect to another origin, a certificate that does not match, a malformed
key set), 130 interrupted at the prompt.

${PINNED}

Examples:
  ${NAME} -u 123456789/1 -k authority-cert.pem --envelope > header.xml
      (asks for the password without echoing it; digest form)
  ${NAME} -u 123456789/1 -k authority-cert.pem --form encrypted-created --password-stdin < password.txt
  printf '%s' "$AT_PASSWORD" | ${NAME} -u 123456789/1 -k authority-cert.der --password-stdin --json
  ${NAME} -u 555555555/1 --password-stdin < password.txt      (local test key)
  ${NAME} -u 555555555/1 --key-from https://<portal>/areaOE/sandbox/keys --key-date 2027-04-15 \\
      --fingerprint <SHA-256 of the key, from the portal's page> \\
      --envelope --password-stdin < password.txt      (the sandbox key valid on that day)
`;
