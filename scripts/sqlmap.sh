#!/usr/bin/env bash
# SQL injection scan of the shop's API with sqlmap. Starts the BUILT shop on a fresh
# PostgreSQL database, signs in a customer and the admin, places an order with the test card, then
# runs sqlmap (--batch --level 3 --risk 2 --dbms=PostgreSQL) against the catalogue, login,
# registration, order and admin endpoints, and prints one line per endpoint: not injectable or
# INJECTABLE. See docs/operations/security-testing.md.
#
#   npm run build          # first: this script builds nothing and runs build/app/server/main.js
#   scripts/sqlmap.sh      # about 6 minutes on 2 cores (up to 16 when other work loads them)
#
# Environment (all optional):
#   PG_ADMIN_URL   superuser URL of the PostgreSQL server to create the throwaway database on
#                  (default postgres://postgres@127.0.0.1:5432/postgres, trust auth)
#   ONLY           extended regex: run only the scans whose name matches (e.g. ONLY='login|orders-')
#   SCAN_TIMEOUT   seconds one sqlmap run may take before it is stopped and reported (default 900)
#   KEEP_OUTPUT=1  keep the temporary directory (sqlmap logs, shop log) even when nothing is found
#
# Needs node, curl, psql and sqlmap (installed with apt-get when missing; that needs root or sudo).
# Exits 0 when every scan finished and found nothing, 1 when anything is injectable, 2 when a scan
# could not be completed (or the set-up failed). The shop is stopped and the database dropped on
# exit, whatever happens. Never point this at a real shop: the scans write thousands of rows.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

PG_ADMIN_URL="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
ONLY="${ONLY:-}"
SCAN_TIMEOUT="${SCAN_TIMEOUT:-900}"
KEEP_OUTPUT="${KEEP_OUTPUT:-0}"

say() { printf '[sqlmap.sh %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
die() {
  printf 'sqlmap.sh: %s\n' "$*" >&2
  exit 2
}

# ---------------------------------------------------------------------------------------------------
# Prerequisites

[[ -f build/app/server/main.js ]] || die "build/app/server/main.js not found: run 'npm run build' first."
if [[ -f build/.build-stamp ]] &&
  [[ -n "$(find src -type f -newer build/.build-stamp ! -name '*.test.ts' ! -name '*.test.tsx' -print -quit)" ]]; then
  say "warning: src/ has changed since the last 'npm run build'; scanning the older build."
fi
for tool in node curl psql; do
  command -v "$tool" >/dev/null || die "$tool is not on PATH."
done
if ! command -v sqlmap >/dev/null; then
  say "sqlmap not found: installing the Debian package"
  sudo=()
  [[ "$(id -u)" == 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq sqlmap >/dev/null
fi
sqlmap_version="$(sqlmap --version 2>/dev/null | grep -E '^[0-9]+\.')" || sqlmap_version="(version unknown)"
psql "$PG_ADMIN_URL" -qAtc 'select 1' >/dev/null || die "PostgreSQL at PG_ADMIN_URL is unreachable."

# ---------------------------------------------------------------------------------------------------
# Clean-up: stop the shop, drop the database, remove the temporary directory (even on failure)

work="$(mktemp -d "${TMPDIR:-/tmp}/northbite-sqlmap.XXXXXX")"
shop_pid=""
scan_pid=""
db_name=""
keep="$KEEP_OUTPUT"

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [[ -n "$scan_pid" ]] && kill -0 "$scan_pid" 2>/dev/null; then
    kill -TERM "$scan_pid" 2>/dev/null || true
    wait "$scan_pid" 2>/dev/null || true
  fi
  if [[ -n "$shop_pid" ]] && kill -0 "$shop_pid" 2>/dev/null; then
    kill -TERM "$shop_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$shop_pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$shop_pid" 2>/dev/null; then
      say "the shop did not stop within 20 s: killing it"
      kill -KILL "$shop_pid" 2>/dev/null || true
    fi
    wait "$shop_pid" 2>/dev/null || true
  fi
  if [[ -n "$db_name" ]]; then
    psql "$PG_ADMIN_URL" -qc "drop database if exists \"$db_name\" with (force)" >/dev/null ||
      printf 'sqlmap.sh: could not drop database %s; drop it by hand.\n' "$db_name" >&2
  fi
  if [[ "$keep" == 1 || $status -ne 0 ]]; then
    say "logs kept in $work (sqlmap/<scan>/ for each scan, shop.log for the shop)"
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started_at=$(date +%s)

# ---------------------------------------------------------------------------------------------------
# A fresh database and the built shop on it

db_name="northbite_sqlmap_$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
psql "$PG_ADMIN_URL" -qc "create database \"$db_name\"" >/dev/null
database_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' \
  "$PG_ADMIN_URL" "$db_name")"

port="$(node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => console.log(port)); })')"
base="http://127.0.0.1:$port"
admin_email="owner.sqlmap@example.ca"
admin_password="sqlmap-owner-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"

say "starting the shop on $base with database $db_name"
# Production mode, as deployed; the test card processor instead of Stripe. TRUST_PROXY=1 (one hop:
# sqlmap talks to the shop directly) lets every request name its own client address in X-Forwarded-For, so the per-client limits (login failures,
# registrations, payments) do not trip while sqlmap sends thousands of requests. A clean environment
# (env -i): with an SMTP_URL, Stripe or Klaviyo keys inherited from the caller, the contact and
# newsletter scans would reach real services hundreds of times.
env -i PATH="$PATH" HOME="${HOME:-/tmp}" NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" DATABASE_URL="$database_url" \
  BUSINESS_ADDRESS="1 Test Street, Vancouver, BC V6A 1A1" ALLOW_TEST_PAYMENTS=true ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password" TRUST_PROXY=1 LOG_LEVEL=warn \
  node build/app/server/main.js >"$work/shop.log" 2>&1 &
shop_pid=$!

for _ in $(seq 1 600); do
  kill -0 "$shop_pid" 2>/dev/null || {
    cat "$work/shop.log" >&2
    die "the shop exited during start-up."
  }
  curl -sf "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -sf "$base/api/health" >/dev/null || {
  cat "$work/shop.log" >&2
  die "the shop did not become healthy within 5 minutes."
}

# ---------------------------------------------------------------------------------------------------
# Data to aim at: a customer with a paid order, the admin, ids that exist

cat >"$work/setup.mjs" <<'EOF'
// Signs in a customer and the admin, pays two orders with the test card (as e2e/shop-api.ts
// payWithTestCard does) and prints KEY=value lines for the scans. Each call comes from its own
// client address.
import { pathToFileURL } from 'node:url';

const [root, base, adminEmail, adminPassword] = process.argv.slice(2);
const { checkoutTotals } = await import(pathToFileURL(`${root}/build/app/domain/pricing.js`).href);
let counter = 0;

async function api(path, { method = 'GET', body, token } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': `198.18.${Math.floor(counter / 250) % 250}.${(counter++ % 250) + 1}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

const shipping = {
  firstName: 'Jordan',
  lastName: 'Lee',
  address1: '4700 Kingsway',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V5H 4M1',
  country: 'Canada',
  phoneNumber: '+16045550123',
  email: 'jordan@example.ca',
};

async function payWithTestCard(token, lines) {
  const { totalCents } = checkoutTotals(
    lines.map((line) => ({ priceCents: Math.round(line.price * 100), quantity: line.quantity })),
    shipping,
  );
  const intent = await api('/api/payments/create-payment-intent', {
    method: 'POST',
    token,
    body: { amount: totalCents, shippingInfo: shipping, items: lines.map(({ id, quantity }) => ({ id, quantity })) },
  });
  await api('/api/payments/test/confirm', {
    method: 'POST',
    token,
    body: {
      client_secret: intent.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  const order = await api('/api/orders', {
    method: 'POST',
    token,
    body: { payment_intent_id: intent.payment_intent_id },
  });
  return { order, intentId: intent.payment_intent_id };
}

const products = await api('/api/products');
const categories = await api('/api/categories');
const customerEmail = `jordan.sqlmap.${Date.now()}@example.ca`;
const customerPassword = 'oat clusters forever';
const customer = await api('/api/users/register', {
  method: 'POST',
  body: { firstName: 'Jordan', lastName: 'Lee', email: customerEmail, password: customerPassword, phoneNumber: '6045550123' },
});
const admin = await api('/api/users/login', { method: 'POST', body: { email: adminEmail, password: adminPassword } });
if (!admin.user.isAdmin && !admin.user.is_admin) throw new Error('the configured admin did not sign in as an admin');

const first = await payWithTestCard(customer.token, [{ ...products[0], quantity: 2 }]);
const second = await payWithTestCard(customer.token, [{ ...products[1], quantity: 1 }]);

let recipes = await api('/api/recipes', { token: admin.token });
if (recipes.length === 0) {
  await api('/api/recipes', {
    method: 'POST',
    token: admin.token,
    body: { product_id: products[0].id, instructions: 'Mix and bake.', yield_unit: 'cookies' },
  });
  recipes = await api('/api/recipes', { token: admin.token });
}
const ingredients = await api('/api/ingredients', { token: admin.token });
if (ingredients.length === 0) throw new Error('no ingredients seeded');
const recipe = recipes.find((item) => item.product_id != null) ?? recipes[0];

// What one of products[0] costs delivered to Vancouver, for a payment intent the scans can repeat.
const { totalCents: intentAmount } = checkoutTotals([{ priceCents: Math.round(products[0].price * 100), quantity: 1 }], shipping);

const out = {
  INTENT_AMOUNT: intentAmount,
  CUSTOMER_TOKEN: customer.token,
  CUSTOMER_ID: customer.user.id,
  CUSTOMER_EMAIL: customerEmail,
  CUSTOMER_PASSWORD: customerPassword,
  ADMIN_TOKEN: admin.token,
  PRODUCT_ID: products[0].id,
  PRODUCT_SLUG: products[0].slug,
  CATEGORY_SLUG: categories[0].slug,
  ORDER_ID: first.order.id,
  ORDER_EMAIL: first.order.email ?? shipping.email,
  INTENT_ID: first.intentId,
  ORDER2_ID: second.order.id,
  RECIPE_ID: recipe.id,
  RECIPE_PRODUCT_ID: recipe.product_id ?? products[0].id,
  INGREDIENT_ID: ingredients[0].id,
};
for (const [key, value] of Object.entries(out)) {
  const text = String(value);
  // Values go into shell variables and JSON bodies: keep them to a safe alphabet.
  if (!/^[A-Za-z0-9@._ +-]+$/.test(text)) throw new Error(`unexpected value for ${key}: ${text}`);
  console.log(`${key}=${text}`);
}
EOF

say "setting up: a customer, the admin, two orders paid with the test card"
node "$work/setup.mjs" "$root" "$base" "$admin_email" "$admin_password" >"$work/setup.env" ||
  die "set-up against the shop failed (see above)."
setup_keys="CUSTOMER_TOKEN CUSTOMER_ID CUSTOMER_EMAIL CUSTOMER_PASSWORD ADMIN_TOKEN PRODUCT_ID PRODUCT_SLUG"
setup_keys+=" INTENT_AMOUNT CATEGORY_SLUG ORDER_ID ORDER_EMAIL INTENT_ID ORDER2_ID RECIPE_ID RECIPE_PRODUCT_ID INGREDIENT_ID"
for key in $setup_keys; do printf -v "$key" '%s' ""; done
while IFS='=' read -r key value; do
  if [[ " $setup_keys " == *" $key "* ]]; then printf -v "$key" '%s' "$value"; fi
done <"$work/setup.env"
for key in $setup_keys; do [[ -n "${!key}" ]] || die "set-up printed no $key."; done
say "customer #$CUSTOMER_ID, orders #$ORDER_ID and #$ORDER2_ID, product #$PRODUCT_ID ($PRODUCT_SLUG), recipe #$RECIPE_ID"

# ---------------------------------------------------------------------------------------------------
# The scans

# Before every request sqlmap sends (payloads and baselines alike), a new client address: the
# per-client limits never see the same client twice. A 429 aborts the scan (--abort-code), so a
# limit that still trips shows up as an error instead of as a quiet false "not injectable".
rotate_ip="import random; _locals['auxHeaders']['X-Forwarded-For'] = '10.%d.%d.%d' % (random.randint(0, 255), random.randint(0, 255), random.randint(1, 254))"

declare -a scan_names=() scan_endpoints=() scan_params=() scan_auth=() scan_baseline=()

# scan NAME "ENDPOINT" "PARAMETERS" AUTH METHOD URL BODY [sqlmap options...]
#   AUTH: none, customer or admin (a bearer token); admin* or customer* also marks the token as an
#   injection point. URL may carry '*' after a path segment to inject there. BODY is JSON or empty.
scan() {
  local name="$1" endpoint="$2" params="$3" auth="$4" method="$5" url="$6" body="$7"
  shift 7
  if [[ -n "$ONLY" && ! "$name" =~ $ONLY ]]; then return 0; fi

  local token="" mark=""
  case "$auth" in
  customer*) token="$CUSTOMER_TOKEN" ;;
  admin*) token="$ADMIN_TOKEN" ;;
  esac
  [[ "$auth" == *'*' ]] && mark='*'

  # The request without payloads must get its usual answer (checked with the verdicts below), or the
  # scan means nothing: compared with a 401, 429 or 500, every payload looks alike.
  local -a curl_args=(-s -o "$work/baseline-$name.json" -w '%{http_code}' -X "$method"
    -H "x-forwarded-for: 192.0.2.$((RANDOM % 250 + 1))")
  [[ -n "$token" ]] && curl_args+=(-H "authorization: Bearer $token")
  [[ -n "$body" ]] && curl_args+=(-H 'content-type: application/json' --data "$body")
  local baseline
  baseline="$(curl "${curl_args[@]}" "${url//\*/}")" || baseline="000"

  local -a args=(-u "$url" --method "$method" --batch --level 3 --risk 2 --dbms=PostgreSQL --flush-session
    --output-dir "$work/sqlmap/$name" --disable-coloring --abort-code 429 --timeout 30 --retries 2
    --answers 'keep testing=Y,skip those kind=N' --eval "$rotate_ip")
  # At --level 3 sqlmap also tests User-Agent and Referer. The API reads the User-Agent only at
  # sign-in, registration and cart restore (those scans name it in -p) and never the Referer.
  # sqlmap refuses --skip together with -p.
  [[ " $* " == *" -p "* ]] || args+=(--skip 'User-Agent,Referer')
  [[ -n "$token" ]] && args+=(--headers "Authorization: Bearer $token$mark")
  [[ -n "$body" ]] && args+=(--data "$body")

  say "scan $name: $method $endpoint [$params] as $auth (baseline HTTP $baseline)"
  local log="$work/logs/$name.log" started=$SECONDS status=0
  mkdir -p "$work/logs" "$work/tmp"
  # In the background, so that Ctrl-C (which timeout, in its own process group, does not see) still
  # interrupts the wait at once and the EXIT trap stops this scan, the shop and the database.
  # TMPDIR: sqlmap leaves a directory of its own in the temporary directory after every run.
  TERM=dumb TMPDIR="$work/tmp" timeout --kill-after=30 "$SCAN_TIMEOUT" sqlmap "${args[@]}" "$@" </dev/null >"$log" 2>&1 &
  scan_pid=$!
  wait "$scan_pid" || status=$?
  scan_pid=""
  if [[ $status -eq 124 ]]; then
    echo "[sqlmap.sh] TIMED OUT after $SCAN_TIMEOUT s" >>"$log"
  fi
  say "scan $name done in $((SECONDS - started)) s"
  scan_names+=("$name")
  scan_endpoints+=("$method $endpoint")
  scan_params+=("$params")
  scan_auth+=("$auth")
  scan_baseline+=("$baseline")
}

# Catalogue (anonymous). GET /api/products and GET /api/categories read no input at all; the query
# string below is one the API ignores, to show it stays ignored.
scan catalog-products-query "/api/products?category=$CATEGORY_SLUG" "category" none GET \
  "$base/api/products?category=$CATEGORY_SLUG" "" -p category
scan catalog-product-slug "/api/products/:slug" ":slug" none GET "$base/api/products/$PRODUCT_SLUG*" ""
scan catalog-category-slug "/api/categories/:slug" ":slug" none GET "$base/api/categories/$CATEGORY_SLUG*" ""

# Login: the e-mail (looked up in the database) and the User-Agent (stored with the new session) with
# the customer's real password, so the untouched request signs in; then the password, for an e-mail
# sqlmap's --eval makes new on every request, so the per-account failure limit never trips.
scan login-email "/api/users/login" "email, User-Agent" none POST "$base/api/users/login" \
  "{\"email\":\"$CUSTOMER_EMAIL\",\"password\":\"$CUSTOMER_PASSWORD\"}" \
  -p 'email,User-Agent' --ignore-code 401
scan login-password "/api/users/login" "password" none POST "$base/api/users/login" \
  '{"email":"nobody@example.ca","password":"not the password"}' -p password --ignore-code 401 \
  --eval "$rotate_ip; email = 'nobody.%d@example.ca' % random.randint(1, 10 ** 12)"

# Registration: names, e-mail and phone (the password only reaches the hash). Every request that is
# not testing the e-mail registers a new address, so the untouched request keeps answering 201.
scan register "/api/users/register" "firstName, lastName, email, phoneNumber, User-Agent" none POST \
  "$base/api/users/register" \
  '{"firstName":"Robin","lastName":"Probe","email":"robin.probe@example.ca","password":"oat clusters forever","phoneNumber":"6045550123"}' \
  -p 'firstName,lastName,email,phoneNumber,User-Agent' \
  --eval "$rotate_ip; email = ('robin.%d@example.ca' % random.randint(1, 10 ** 12)) if email == 'robin.probe@example.ca' else email"

# Session token: every signed-in request looks its session up by the bearer token.
scan session-token "/api/users (Authorization header)" "Bearer token" 'admin*' GET "$base/api/users" "" \
  --ignore-code 401

# Orders, as the customer who placed them.
scan orders-get "/api/orders/:id" ":id" customer GET "$base/api/orders/$ORDER_ID*" ""
scan orders-of-user "/api/users/:userId/orders" ":userId" customer GET "$base/api/users/$CUSTOMER_ID*/orders" ""
scan orders-create "/api/orders" "payment_intent_id" customer POST "$base/api/orders" \
  "{\"payment_intent_id\":\"$INTENT_ID\"}" -p payment_intent_id
scan orders-address "/api/orders/:id" "shipping_address, shipping_city, shipping_state, shipping_country, shipping_postal_code" \
  customer PATCH "$base/api/orders/$ORDER_ID" \
  '{"shipping_address":"4700 Kingsway","shipping_city":"Vancouver","shipping_state":"British Columbia","shipping_country":"Canada","shipping_postal_code":"V5H 4M1"}' \
  -p 'shipping_address,shipping_city,shipping_state,shipping_country,shipping_postal_code'
scan users-update "/api/users/:id" "firstName, lastName, phoneNumber, address" customer PATCH \
  "$base/api/users/$CUSTOMER_ID" \
  '{"firstName":"Jordan","lastName":"Lee","phoneNumber":"6045550123","address":"4700 Kingsway"}' \
  -p 'firstName,lastName,phoneNumber,address'

# Checkout: the shipping details and the cart of a payment intent (each request makes a new one).
scan payment-intent "/api/payments/create-payment-intent" "firstName, address1, city, postalCode, id" customer POST \
  "$base/api/payments/create-payment-intent" \
  "{\"amount\":$INTENT_AMOUNT,\"shippingInfo\":{\"firstName\":\"Jordan\",\"lastName\":\"Lee\",\"address1\":\"4700 Kingsway\",\"city\":\"Vancouver\",\"state\":\"British Columbia\",\"postalCode\":\"V5H 4M1\",\"country\":\"Canada\",\"phoneNumber\":\"+16045550123\",\"email\":\"jordan@example.ca\"},\"items\":[{\"id\":$PRODUCT_ID,\"quantity\":1}]}" \
  -p 'firstName,address1,city,postalCode,id'

# Storefront forms (anonymous): newsletter, contact, and the cart-restore link (token and the
# User-Agent it records). A made-up token answers 404, as a guessed one should.
scan newsletter "/api/signup" "email" none POST "$base/api/signup" '{"email":"news.probe@example.ca"}' -p email
scan contact "/api/contact" "name, email, message" none POST "$base/api/contact" \
  '{"name":"Robin Probe","email":"robin.probe@example.ca","message":"Do you ship to Calgary?"}' -p 'name,email,message'
scan cart-restore "/api/abandoned-cart?token" "token, User-Agent" none GET \
  "$base/api/abandoned-cart?token=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')" "" -p 'token,User-Agent' \
  --ignore-code 404

# Admin.
scan admin-orders-list "/api/orders?status&q&page&pageSize" "status, q, page, pageSize" admin GET \
  "$base/api/orders?status=Pending&q=${ORDER_EMAIL%%@*}&page=1&pageSize=50" "" -p 'status,q,page,pageSize'
scan admin-order-status "/api/orders/:id/status" "status, is_paid" admin PATCH "$base/api/orders/$ORDER2_ID/status" \
  '{"status":"Pending","is_paid":true}' -p 'status,is_paid'
scan admin-in-progress "/api/orders/in-progress-count/:productId" ":productId" admin GET \
  "$base/api/orders/in-progress-count/$PRODUCT_ID*" ""
scan admin-product-update "/api/products/:id" "name, description, price, ideal_time_of_day" admin PATCH \
  "$base/api/products/$PRODUCT_ID" \
  '{"name":"Classic Chocolate Chunk Protein Cookies","description":"Golden and chunky.","price":34.99,"ideal_time_of_day":"Post-workout"}' \
  -p 'name,description,price,ideal_time_of_day'
scan admin-product-id "/api/products/:id" ":id" admin PATCH "$base/api/products/$PRODUCT_ID*" \
  '{"ideal_time_of_day":"Post-workout"}'
scan admin-recipe-get "/api/recipes/:id" ":id" admin GET "$base/api/recipes/$RECIPE_ID*" ""
scan admin-recipe-ingredients "/api/recipes/:id/ingredients" ":id" admin GET "$base/api/recipes/$RECIPE_ID*/ingredients" ""
scan admin-recipe-create "/api/recipes" "product_id, instructions, cooking_time_minutes, oven_temperature_celsius, yield_quantity, yield_unit, total_yield_weight" \
  admin POST "$base/api/recipes" \
  "{\"product_id\":$RECIPE_PRODUCT_ID,\"instructions\":\"Mix, scoop and bake.\",\"cooking_time_minutes\":12,\"oven_temperature_celsius\":175,\"yield_quantity\":24,\"yield_unit\":\"cookies\",\"total_yield_weight\":2040}" \
  -p 'product_id,instructions,cooking_time_minutes,oven_temperature_celsius,yield_quantity,yield_unit,total_yield_weight'
scan admin-recipe-add-ingredient "/api/recipes/:id/ingredients" "ingredient_id, quantity, unit, cups" admin POST \
  "$base/api/recipes/$RECIPE_ID/ingredients" \
  "{\"ingredient_id\":$INGREDIENT_ID,\"quantity\":120,\"unit\":\"g\",\"cups\":1}" -p 'ingredient_id,quantity,unit,cups'

# ---------------------------------------------------------------------------------------------------
# The verdicts, from each sqlmap log

injectable=0
incomplete=0
findings=""
rows=""
for i in "${!scan_names[@]}"; do
  name="${scan_names[$i]}"
  log="$work/logs/$name.log"
  # The parameters sqlmap tested, by its own names ("JSON email", "#1*" for a marked path segment,
  # "Authorization #1*"), and those it finished with "does not seem to be injectable".
  mapfile -t tested < <(grep -E "testing for SQL injection on .*parameter '" "$log" |
    sed -E "s/.*parameter '([^']+)'.*/\1/" | awk '!seen[$0]++')
  expected="$(awk -F, '{ print NF }' <<<"${scan_params[$i]}")"
  clean=0
  shown=""
  for parameter in "${tested[@]}"; do
    grep -qF "parameter '$parameter' does not seem to be injectable" "$log" && clean=$((clean + 1))
    label="$(sed -E 's/^JSON //; s/^#[0-9]+\*$/path/; s/ #[0-9]+\*$//' <<<"$parameter")"
    if [[ "$label" == path ]]; then
      [[ "${scan_params[$i]}" == :* ]] && label="${scan_params[$i]} (path)" || label="URI path"
    fi
    shown+="${shown:+, }$label"
  done
  codes="$(sed -n '/HTTP error codes detected during run:/{n;p;}' "$log" | tr -d '\r' |
    sed 's/ (\([A-Za-z ]*\))//g; s/ - \([0-9]*\) times/×\1/g')"
  baseline="${scan_baseline[$i]}"
  if grep -qE "identified the following injection point|parameter '[^']+' is '.+' injectable" "$log"; then
    result="INJECTABLE"
    injectable=1
    findings+=$'\n'"== $name: ${scan_endpoints[$i]} (log: $log)"$'\n'
    findings+="$(grep -E "parameter '[^']+' is '.+' injectable" "$log" || true)"$'\n'
    findings+="$(sed -n '/^Parameter: /,/^---$/p' "$log")"
  elif [[ "$baseline" == 000 || "$baseline" == 429 || "$baseline" == 5* ||
    ("${scan_auth[$i]}" != none && ("$baseline" == 401 || "$baseline" == 403)) ]]; then
    result="ERROR: the request without payloads answered HTTP $baseline"
    incomplete=1
  elif grep -q 'TIMED OUT' "$log"; then
    result="ERROR: timed out"
    incomplete=1
  elif grep -q "aborting due to detected HTTP code" "$log"; then
    result="ERROR: rate-limited (429)"
    incomplete=1
  elif [[ ${#tested[@]} -ge $expected && $clean -eq ${#tested[@]} ]]; then
    result="not injectable"
  else
    reason="$({ grep -E '\[CRITICAL\]' "$log" || true; } | tail -n 1 | sed 's/^.*\[CRITICAL\] //' | cut -c1-80)"
    result="ERROR: ${reason:-$clean of $expected parameters finished}"
    incomplete=1
  fi
  rows+="| ${scan_endpoints[$i]} | ${shown:-${scan_params[$i]}} | ${scan_auth[$i]%\*} | ${scan_baseline[$i]} | ${codes:-none} | $result |"$'\n'
done

elapsed=$(($(date +%s) - started_at))
echo
echo "sqlmap $sqlmap_version, --level 3 --risk 2 --dbms=PostgreSQL, against the built shop on PostgreSQL"
echo "$(date -u +%Y-%m-%d); ${#scan_names[@]} scans in $((elapsed / 60)) min $((elapsed % 60)) s."
echo
echo "| endpoint | parameter(s) | auth | baseline | error answers during the scan | result |"
echo "| --- | --- | --- | --- | --- | --- |"
printf '%s' "$rows"
if [[ $injectable -eq 1 ]]; then
  keep=1
  echo
  echo "FINDINGS (endpoint, parameter, payload as sqlmap reported them):"
  echo "$findings"
  exit 1
fi
if [[ $incomplete -eq 1 ]]; then
  keep=1
  echo
  echo "Some scans did not finish: see the logs. Nothing was found injectable in the scans that did."
  exit 2
fi
echo
echo "Nothing injectable."
exit 0
