import escapeHtml from "escape-html";
import { type Language, AUTH_PATH, assetPath } from "../../app/server-surface";

export const AUTH_STYLESHEET_PATH = `${AUTH_PATH}/auth.css`;


/** A small, self-contained, accessible page (sign-in errors, the demo provider's screens). */
export function htmlPage({ lang, title, body }: { lang: Language; title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="${lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${assetPath("favicon.svg")}" type="image/svg+xml">
<link rel="stylesheet" href="${AUTH_STYLESHEET_PATH}">
</head>
<body>
<main id="main-content" class="auth-page">
${body}
</main>
</body>
</html>`;
}

/** Plain, high-contrast styles with a visible focus ring (served from our origin for the CSP). */
export const AUTH_STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.125rem;line-height:1.5;color:#0b0c0c;background:#fff}
.auth-page{max-width:40rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:2rem;line-height:1.2;margin:0 0 1.5rem}
h2{font-size:1.4rem;margin:2rem 0 1rem}
a{color:#1d4f91;text-decoration:underline;text-underline-offset:.15em}
a:visited{color:#4c2c92}
a:focus,button:focus,input:focus{outline:3px solid #ffdd00;outline-offset:0;box-shadow:0 0 0 6px #0b0c0c}
a:focus{background:#ffdd00;color:#0b0c0c}
.notice{border-left:6px solid #1d4f91;padding:.5rem 1rem;background:#f3f2f1}
.error-summary{border:5px solid #b10e1e;padding:1rem;margin-bottom:1.5rem}
.error-summary h2{margin-top:0}
.error-message{color:#b10e1e;font-weight:700}
.field{margin-bottom:1.5rem}
label{display:block;font-weight:700;margin-bottom:.25rem}
input[type=text],input[type=password]{width:100%;max-width:20rem;font:inherit;padding:.4rem;border:2px solid #0b0c0c;border-radius:0}
input[aria-invalid=true]{border-color:#b10e1e}
.button{display:inline-block;font:inherit;font-weight:700;padding:.5rem 1rem;margin:0 .5rem .5rem 0;border:2px solid transparent;background:#00703c;color:#fff;cursor:pointer;text-decoration:none}
.button--secondary{background:#f3f2f1;color:#0b0c0c;border-color:#0b0c0c}
a.button:visited{color:#fff}
a.button--secondary:visited{color:#0b0c0c}
table{border-collapse:collapse;width:100%;margin-bottom:1rem}
caption{text-align:left;font-weight:700;margin-bottom:.5rem}
th,td{text-align:left;border-bottom:1px solid #b1b4b6;padding:.5rem .75rem .5rem 0;vertical-align:top;overflow-wrap:anywhere}
code{font-size:1rem}
`;
