# The caching edge in front of the portal (Varnish 7.1, Debian's): docs/scaling.md "The caching edge",
# docs/operations.md "The edge and the mirror". In front of it: HAProxy (TLS, the per-address limit,
# the request id; deploy/haproxy.cfg); behind it: the portal instances, and the static mirror (nginx,
# deploy/nginx/) for when none of them answers. The deployment's addresses are in backends.vcl, a file
# of its own per deployment (backends.example.vcl says what it must define).
#
# What it does:
# - caches exactly what the portal marks shareable: a GET or HEAD answered with Cache-Control `public`
#   (pages of text, hashed assets, public files), never an answer with Set-Cookie, `private` or
#   `no-store`, never a request with the session or sign-in cookie;
# - normalises every cacheable request so the portal's Vary (Accept-Language, Cookie, Accept-Encoding)
#   gives a few variants: the language is negotiated here as the portal does (the `lang` cookie, then
#   Accept-Language, then pt) and sent on as `Accept-Language: pt|en` with no Cookie; Accept-Encoding is
#   Varnish's own (gzip or none); tracking parameters are dropped from the address;
# - keeps a page of text fresh for EDGE_FRESH (5 s), then answers it while it revalidates with the
#   portal's ETag (If-None-Match, a 304) in the background, for 10 s while the portal is healthy;
# - when the portal is down (its probes fail) or answers 5xx, answers the stale copy for up to 24 h
#   (grace), and past that, or for what it never stored, the mirror;
# - POSTs, the sandbox, sign-in, the APIs, the header form and the checker always go to the portal
#   (and to the mirror's "unavailable" answers only when it does not answer at all).
vcl 4.1;

import std;
import directors;

# The portal's readiness (not only its liveness): an instance that is starting, stopping or cannot
# reach Redis takes no traffic. Two good probes of the last three make it healthy.
probe areaoe_ready {
    .request =
        "GET /areaOE/api/ready HTTP/1.1"
        "Host: localhost"
        "User-Agent: areaoe-edge-probe"
        "Connection: close";
    .expected_response = 200;
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

# The deployment's part: backends, the director `areaoe_portal`, the backend `areaoe_mirror` and the
# ACLs `areaoe_front` (the proxy in front, trusted for X-Forwarded-*) and `areaoe_purgers` (who may BAN).
include "backends.vcl";

sub vcl_recv {
    # The proxy in front asks whether the edge itself is up (not the portal: when every instance is
    # down the edge still answers, from its cache and the mirror).
    if (req.url == "/edge/health") {
        return (synth(200, "edge up"));
    }

    # Forwarded headers. From the proxy in front: as it wrote them (it overwrote whatever the visitor
    # sent), less the hop Varnish appended, so the portal's TRUST_PROXY=1 reads the visitor's address
    # with the edge or without it. From anyone else, the edge is the first hop: what the client sent
    # is dropped.
    if (client.ip ~ areaoe_front) {
        if (req.http.X-Forwarded-For ~ ",") {
            set req.http.X-Forwarded-For = regsub(req.http.X-Forwarded-For, "\s*,[^,]*$", "");
        }
    } else {
        set req.http.X-Forwarded-For = client.ip;
        unset req.http.X-Forwarded-Proto;
        unset req.http.X-Forwarded-Host;
        unset req.http.X-Request-Id;
    }

    # A new build bans the previous build's pages (docs/operations.md): BAN with the new build's id;
    # every stored page of another build goes, assets and public files (no build header) stay.
    if (req.method == "BAN") {
        if (client.ip !~ areaoe_purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.X-Areaoe-Build !~ "^[A-Za-z0-9_-]{1,64}$") {
            return (synth(400, "X-Areaoe-Build: the new build's id"));
        }
        ban("obj.http.X-Areaoe-Build ~ . && obj.http.X-Areaoe-Build != " + req.http.X-Areaoe-Build);
        return (synth(200, "Banned every page of another build"));
    }

    set req.backend_hint = areaoe_portal.backend();
    # Answered again after the portal failed this request (vcl_synth): stale copy or mirror, whatever
    # the probes say. The stale copy of any age its grace allows (the limit below does not hold here).
    if (req.restarts > 0 && req.http.X-Areaoe-Origin-Failed) {
        if (req.method != "GET" && req.method != "HEAD") {
            return (pass);
        }
        set req.grace = 3650d;
        return (hash);
    }
    unset req.http.X-Areaoe-Origin-Failed;
    # While the portal is healthy a stale copy is answered (and revalidated in the background) for 10 s
    # past its freshness at most; an older one is fetched again first. When no instance is healthy, the
    # stored grace (24 h, vcl_backend_response) is the limit.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }

    # Only GET and HEAD are looked up; a POST (the checker, sign-out, the sandbox) is the portal's.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Always the portal's: sign-in and the demo provider, the APIs, the sandbox, the header form and the
    # checker (answers of one visitor; scripts/deploy/edge-vcl.test.ts checks this list against the
    # page manifest's private pages).
    if (req.url ~ "^/areaOE/(auth|dev-idp|api|sandbox)(/|\?|$)" ||
        req.url ~ "^/areaOE/ferramentas/webservices/securityHeader/generateSecurityHeaderForm(\?|$)" ||
        req.url ~ "^/areaOE/public/ferramentas/webservices/securityHeader/checkSecurityHeader(\?|$)" ||
        req.url ~ "^/areaOE/public/ferramentas/webservices/securityHeader/sandboxKeys(\?|$)" ||
        req.url ~ "^/areaOE/public/primeirosPassos(\?|$)") {
        return (pass);
    }
    # A signed-in visitor, or one signing in: every page is theirs alone, never from or into the cache.
    if (req.http.Cookie ~ "(^|;)\s*(__Host-)?areaoe_(session|signin)=") {
        return (pass);
    }
    # An explicit choice (`?lang=`) sets the `lang` cookie: its answer is the visitor's (private).
    if (req.url ~ "[?&]lang=") {
        return (pass);
    }

    # Tracking parameters change nothing the portal answers: one stored copy, whatever campaign.
    if (req.url ~ "\?") {
        set req.url = regsuball(req.url, "(?i)([?&])(utm_[a-z0-9_]*|gclid|gbraid|wbraid|dclid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl|yclid|igshid|twclid|li_fat_id)(=[^&]*)?(?=&|$)", "\1");
        set req.url = regsuball(req.url, "&&+", "&");
        set req.url = regsub(req.url, "\?&+", "?");
        set req.url = regsub(req.url, "[?&]+$", "");
    }

    # The language, as the portal negotiates it (app/i18n/negotiate-language.ts): the `lang` cookie,
    # then Accept-Language (the supported language with the highest q-value, ties in header order),
    # then pt. Sent on as the only Accept-Language, with no Cookie: two variants, whatever the visitor
    # sent, and the portal answers the same language from them.
    if (req.http.Cookie ~ "(^|;)\s*lang=(pt|en)\s*(;|$)") {
        set req.http.Accept-Language = regsub(req.http.Cookie, "^(.*;)?\s*lang=(pt|en)\s*(;.*)?$", "\2");
    } else {
        call areaoe_negotiate_language;
    }
    unset req.http.Cookie;
    return (hash);
}

# Accept-Language reduced to "pt" or "en". Each supported language's first range (pt, pt-PT, pt-BR, …)
# with its q-value (1 when none); the higher wins, a tie goes to the one written first; q=0 refuses.
sub areaoe_negotiate_language {
    set req.http.X-Areaoe-Al = std.tolower(regsuball(regsub(req.http.Accept-Language, "^(.{0,1024}).*$", "\1"), "\s", ""));
    set req.http.X-Areaoe-Al = regsuball("," + req.http.X-Areaoe-Al, ",(?!(pt|en)(-[a-z0-9]*)*(;|,|$))[^,]*", "");
    set req.http.X-Areaoe-Al = regsuball(req.http.X-Areaoe-Al, ",(pt|en)(-[a-z0-9]*)*;q=0(\.0{0,3})?(?=,|$)", "");
    set req.http.X-Areaoe-Pt = "0";
    set req.http.X-Areaoe-En = "0";
    if (req.http.X-Areaoe-Al ~ ",pt(-[a-z0-9]*)*(;|,|$)") {
        set req.http.X-Areaoe-Pt = regsub(req.http.X-Areaoe-Al, "^.*?,pt(-[a-z0-9]*)*(;q=([0-9.]+))?(,.*)?$", "\3");
        if (req.http.X-Areaoe-Pt == "") {
            set req.http.X-Areaoe-Pt = "1";
        }
    }
    if (req.http.X-Areaoe-Al ~ ",en(-[a-z0-9]*)*(;|,|$)") {
        set req.http.X-Areaoe-En = regsub(req.http.X-Areaoe-Al, "^.*?,en(-[a-z0-9]*)*(;q=([0-9.]+))?(,.*)?$", "\3");
        if (req.http.X-Areaoe-En == "") {
            set req.http.X-Areaoe-En = "1";
        }
    }
    if (std.real(req.http.X-Areaoe-En, 0) > std.real(req.http.X-Areaoe-Pt, 0) ||
        (std.real(req.http.X-Areaoe-En, 0) > 0 &&
         std.real(req.http.X-Areaoe-En, 0) == std.real(req.http.X-Areaoe-Pt, 0) &&
         req.http.X-Areaoe-Al ~ "^,en")) {
        set req.http.Accept-Language = "en";
    } else {
        set req.http.Accept-Language = "pt";
    }
    unset req.http.X-Areaoe-Al;
    unset req.http.X-Areaoe-Pt;
    unset req.http.X-Areaoe-En;
}

sub vcl_hash {
    # The scheme the visitor used (HSTS and absolute links differ); the builtin adds the address and Host.
    hash_data(req.http.X-Forwarded-Proto);
}

sub vcl_backend_fetch {
    # The portal failed this request, or none of its instances is healthy: the mirror answers.
    if (bereq.http.X-Areaoe-Origin-Failed || !std.healthy(bereq.backend)) {
        set bereq.backend = areaoe_mirror;
        # The mirror answers what it has: a page, never a form's action.
        if (bereq.method != "GET" && bereq.method != "HEAD") {
            set bereq.method = "GET";
            unset bereq.body;
        }
        # Its copy is whole: never a 304 against a copy of the portal's (a 304 would refresh a stored page with it).
        unset bereq.http.If-None-Match;
        unset bereq.http.If-Modified-Since;
    }
    unset bereq.http.X-Areaoe-Origin-Failed;
}

sub vcl_backend_response {
    if (bereq.backend == areaoe_mirror) {
        # A background revalidation while the portal is down: keep the stale page rather than the mirror's.
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        # Answered, never stored: once the portal is back, the next request gets the portal's page.
        set beresp.http.X-Areaoe-Mirror = "1";
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        return (deliver);
    }
    # The portal answered a lookup with 5xx: keep answering the stale copy (a background revalidation),
    # or let vcl_synth answer it again from the stale copy or the mirror. A pass (a SOAP Fault is a 500,
    # the checker's busy page a 503) is answered as the portal sent it.
    if (beresp.status >= 500 && !bereq.uncacheable) {
        return (abandon);
    }
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Shareable: Cache-Control says public, and nothing says it belongs to one visitor.
    if (beresp.http.Set-Cookie ||
        beresp.http.Cache-Control !~ "(?i)(^|,)\s*public\s*(,|$)" ||
        beresp.http.Cache-Control ~ "(?i)private|no-store" ||
        beresp.http.Vary ~ "\*") {
        # Not stored: the next request for it goes to the portal too (hit-for-miss for 2 minutes).
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # One request's id is never replayed to another visitor (vcl_deliver gives each its own).
    unset beresp.http.X-Request-Id;
    # `no-cache` (a page of text): fresh here for 5 s, then revalidated with its ETag. Otherwise the
    # portal's max-age (hashed assets: a year; public files: an hour).
    if (beresp.http.Cache-Control ~ "(?i)no-cache") {
        set beresp.ttl = 5s;
    }
    # Up to 24 h stale when the portal is down or failing (vcl_recv shortens it to 10 s while healthy),
    # then kept an hour more for a conditional revalidation. (The edge's test shortens this one value:
    # scripts/harness/local-edge.ts.)
    set beresp.grace = 24h;
    set beresp.keep = 1h;
    return (deliver);
}

sub vcl_backend_error {
    # The portal did not answer (refused, timed out): as a 5xx above. The mirror not answering either is
    # the one case left to Varnish's own error.
    if (bereq.backend != areaoe_mirror) {
        return (abandon);
    }
}

sub vcl_synth {
    # A fetch from the portal was abandoned (no answer, or a 5xx): once more, from the stale copy
    # whatever its age within the grace, or from the mirror.
    if (resp.status == 503 && req.restarts == 0 && !req.http.X-Areaoe-Origin-Failed && req.method != "BAN" && req.url != "/edge/health") {
        set req.http.X-Areaoe-Origin-Failed = "1";
        return (restart);
    }
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    set resp.body = resp.reason + {"
"};
    return (deliver);
}

sub vcl_deliver {
    # RFC 9211: the edge's entry after the portal's (or the mirror's). A hit's ttl is negative when it
    # was answered stale.
    if (resp.http.X-Areaoe-Mirror) {
        set req.http.X-Areaoe-Edge = "areaoe-edge; fwd=uri-miss; detail=mirror";
    } else if (obj.uncacheable) {
        set req.http.X-Areaoe-Edge = "areaoe-edge; fwd=bypass";
    } else if (obj.hits > 0) {
        set req.http.X-Areaoe-Edge = "areaoe-edge; hit; ttl=" + regsub("" + obj.ttl, "\..*$", "");
    } else {
        set req.http.X-Areaoe-Edge = "areaoe-edge; fwd=uri-miss; stored";
    }
    if (resp.http.Cache-Status) {
        set resp.http.Cache-Status = resp.http.Cache-Status + ", " + req.http.X-Areaoe-Edge;
    } else {
        set resp.http.Cache-Status = req.http.X-Areaoe-Edge;
    }
    unset req.http.X-Areaoe-Edge;
    unset resp.http.X-Areaoe-Mirror;
    if (req.http.X-Request-Id) {
        set resp.http.X-Request-Id = req.http.X-Request-Id;
    }
    unset resp.http.Via;
    unset resp.http.X-Varnish;
}
