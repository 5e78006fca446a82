# Sourced by scripts/test-container.sh and scripts/fast-check.sh: one RSVP
# round trip over the JSON API, as a host and a guest party do it. The admin
# creates a party with a member, the party signs in by its code, answers, and
# reads its answer back. Needs BASE (the server's URL), WORK (a folder for
# bodies and cookies), ADMIN_PASSWORD and a `fail` function; `node` on PATH.
jar=$WORK/cookies-$$
rm -f "$jar" "$jar.guest"

api() { # method path body cookiejar
  curl -sS -o "$WORK/body" -w '%{http_code}' -X "$1" -H 'content-type: application/json' -b "$4" -c "$4" \
    ${3:+--data "$3"} "$BASE$2"
}

rsvp_round_trip() { # label
  local code party party_id auth_code
  code=$(api POST /api/admin/login "{\"password\":\"$ADMIN_PASSWORD\"}" "$jar"); [ "$code" = 200 ] || fail "admin login: $code $(cat "$WORK/body")"
  code=$(api POST /api/parties '{"name":"Round Trip Party"}' "$jar"); [ "$code" = 201 ] || fail "create party: $code $(cat "$WORK/body")"
  party=$(node -e 'const p=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(p.id+" "+p.authCode)' "$WORK/body")
  party_id=${party% *}; auth_code=${party#* }
  code=$(api POST "/api/parties/$party_id/members" '{"firstName":"Cora","lastName":"Tainer","ageCategory":"adult"}' "$jar"); [ "$code" = 201 ] || fail "add member: $code"
  code=$(api POST /api/party-auth "{\"authCode\":\"$auth_code\"}" "$jar.guest"); [ "$code" = 200 ] || fail "party sign-in: $code $(cat "$WORK/body")"
  code=$(api POST /api/rsvps "{\"partyId\":\"$party_id\",\"attending\":true,\"messageToHost\":\"$RSVP_MESSAGE\"}" "$jar.guest")
  [ "$code" = 201 ] || fail "RSVP submit: $code $(cat "$WORK/body")"
  check_rsvp "$1"
}

check_rsvp() { # label: the guest's answer is there, read back over the API
  local code
  code=$(api GET /api/auth/session '' "$jar.guest"); [ "$code" = 200 ] || fail "$1: session read: $code $(cat "$WORK/body")"
  grep -q "$RSVP_MESSAGE" "$WORK/body" || fail "$1: the RSVP is not there: $(head -c 300 "$WORK/body")"
  echo "$1: the RSVP is there"
}
