# The backends of the compose deployment (compose.yaml): one file per deployment, included by
# areaoe.vcl. It must define (docs/operations.md "The edge and the mirror"):
# - one backend per portal instance, each with `.probe = areaoe_ready` (areaoe.vcl defines it), and the
#   director `areaoe_portal` holding them (round robin: the instances share their state in Redis);
# - the backend `areaoe_mirror`: the static mirror's nginx (deploy/nginx/areaoe-mirror.conf);
# - the ACL `areaoe_front`: the proxy in front (HAProxy), whose X-Forwarded-* the edge passes on;
# - the ACL `areaoe_purgers`: who may send BAN (the deploy step; nobody else reaches the edge's port).
backend portal_1 {
    .host = "portal-1";
    .port = "3000";
    .probe = areaoe_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 35s;
    .between_bytes_timeout = 10s;
}

backend portal_2 {
    .host = "portal-2";
    .port = "3000";
    .probe = areaoe_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 35s;
    .between_bytes_timeout = 10s;
}

backend areaoe_mirror {
    .host = "mirror";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 10s;
}

acl areaoe_front {
    # The compose network (HAProxy's address there is not fixed).
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "10.0.0.0"/8;
}

acl areaoe_purgers {
    "localhost";
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "10.0.0.0"/8;
}

sub vcl_init {
    new areaoe_portal = directors.round_robin();
    areaoe_portal.add_backend(portal_1);
    areaoe_portal.add_backend(portal_2);
}
