#!/usr/bin/env bash
# Real mail servers on 127.0.0.1 for turnproc's end-to-end test (docs/e2e.md):
# Dovecot (IMAP) and Postfix (SMTP submission) from Debian's packages
# dovecot-imapd, dovecot-lmtpd and postfix, run as root without systemd,
# with every file (config, queue, mail, logs, sockets) inside DIR.
# Postfix delivers the domain campaign.test to Dovecot over LMTP and checks
# logins through Dovecot's SASL socket.
#
#   scripts/mailservers.sh start DIR   # prints KEY=VALUE lines to source
#   scripts/mailservers.sh stop DIR
#   scripts/mailservers.sh stop-dovecot|start-dovecot|stop-postfix|start-postfix DIR
#
# The last four stop or start one server of a running pair (fault tests:
# docs/e2e.md); its config, queue and mail stay as they were.
#
# DIR must not exist yet, or be empty, or be a directory this script used
# before (it is wiped). Ports: MAILSERVERS_IMAP_PORT (plain/STARTTLS),
# MAILSERVERS_IMAPS_PORT (implicit TLS), MAILSERVERS_SUBMISSION_PORT
# (STARTTLS) from the environment, else 39143, 39993 and 39587.
# Users: turns (the moderator) and the four players of examples/riverlands,
# all @campaign.test, each with the password "pw-<local part>".
set -euo pipefail

domain=campaign.test
users=(turns karl belegar grom archaon)

die() { echo "mailservers: $*" >&2; exit 1; }

usage() { die "usage: $0 start|stop|stop-dovecot|start-dovecot|stop-postfix|start-postfix DIR"; }

[ $# -eq 2 ] || usage
cmd=$1
dir=$2
case $dir in /*) ;; *) dir=$PWD/$dir ;; esac

imap_port=${MAILSERVERS_IMAP_PORT:-39143}
imaps_port=${MAILSERVERS_IMAPS_PORT:-39993}
submission_port=${MAILSERVERS_SUBMISSION_PORT:-39587}

check_host() {
  [ "$(id -u)" -eq 0 ] || die "must run as root (the daemons switch users)"
  for bin in /usr/sbin/dovecot /usr/sbin/postfix /usr/bin/openssl; do
    [ -x "$bin" ] || die "$bin not found; install: apt-get install --no-install-recommends dovecot-imapd dovecot-lmtpd postfix openssl"
  done
  id mail >/dev/null 2>&1 || die "no user mail (uid 8), which stores the mailboxes"
}

# Every parent of DIR needs o+x: the daemons run as dovecot, dovenull,
# postfix and mail, and must reach their sockets and files.
check_parents() {
  local p=$dir
  while p=$(dirname "$p"); [ "$p" != / ]; do
    [ "$(( $(stat -c %a "$p") % 2 ))" -eq 1 ] || die "$p is not searchable by others (o+x): the daemons cannot reach $dir"
  done
}

write_tls() {
  openssl req -x509 -newkey rsa:2048 -nodes -days 7 -subj "/CN=127.0.0.1" \
    -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
    -keyout "$dir/tls/key.pem" -out "$dir/tls/cert.pem" >/dev/null 2>&1 || die "openssl could not make the test certificate"
  chmod 0644 "$dir/tls/cert.pem"
  chmod 0600 "$dir/tls/key.pem"
}

write_dovecot() {
  local u
  : >"$dir/dovecot/users"
  for u in "${users[@]}"; do
    echo "$u@$domain:{PLAIN}pw-$u" >>"$dir/dovecot/users"
  done
  chmod 0644 "$dir/dovecot/users"
  cat >"$dir/dovecot/dovecot.conf" <<EOF
# Written by scripts/mailservers.sh: a throw-away test server.
base_dir = $dir/dovecot/run
state_dir = $dir/dovecot/state
log_path = $dir/log/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = yes
ssl_cert = <$dir/tls/cert.pem
ssl_key = <$dir/tls/key.pem
ssl_dh = </usr/share/dovecot/dh.pem
# Loopback only: allow LOGIN without TLS (tls = "none" in turnproc).
disable_plaintext_auth = no
auth_mechanisms = plain login
# Every client is 127.0.0.1: one wrong password must not slow later logins.
auth_failure_delay = 0
# The mailboxes belong to the existing user mail (uid 8).
first_valid_uid = 8
mail_uid = mail
mail_gid = mail
mail_location = maildir:$dir/mail/%d/%n
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/dovecot/users
}
userdb {
  driver = static
  args = uid=mail gid=mail home=$dir/mail/%d/%n
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Processed {
    auto = create
  }
}
service imap-login {
  inet_listener imap {
    port = $imap_port
  }
  inet_listener imaps {
    port = $imaps_port
    ssl = yes
  }
}
# Postfix (user postfix) delivers and checks logins through these sockets.
service lmtp {
  unix_listener lmtp {
    mode = 0666
  }
}
service auth {
  unix_listener auth-postfix {
    mode = 0666
  }
}
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
protocol lmtp {
  postmaster_address = postmaster@$domain
}
EOF
}

write_postfix() {
  local conf=$dir/postfix/conf u
  : >"$conf/vmailbox"
  for u in "${users[@]}"; do
    echo "$u@$domain $domain/$u/" >>"$conf/vmailbox"
  done
  cat >"$conf/main.cf" <<EOF
# Written by scripts/mailservers.sh: a throw-away test server.
compatibility_level = 3.6
queue_directory = $dir/postfix/queue
data_directory = $dir/postfix/data
maillog_file = $dir/log/postfix.log
maillog_file_prefixes = $dir/log
myhostname = mail.$domain
mydomain = $domain
myorigin = $domain
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
alias_maps =
alias_database =
relayhost =
# Every address of the domain is a mailbox in Dovecot, reached over LMTP.
virtual_mailbox_domains = $domain
virtual_mailbox_maps = texthash:$conf/vmailbox
virtual_transport = lmtp:unix:$dir/dovecot/run/lmtp
smtpd_sasl_type = dovecot
smtpd_sasl_path = $dir/dovecot/run/auth-postfix
smtpd_tls_cert_file = $dir/tls/cert.pem
smtpd_tls_key_file = $dir/tls/key.pem
smtpd_tls_security_level = may
smtpd_relay_restrictions = permit_sasl_authenticated, reject_unauth_destination
EOF
  # Chroot off everywhere (column 5 "n"): the sockets' absolute paths work.
  cat >"$conf/master.cf" <<EOF
# Written by scripts/mailservers.sh: a throw-away test server.
127.0.0.1:$submission_port inet n - n - - smtpd
  -o syslog_name=postfix/submission
  -o smtpd_tls_security_level=encrypt
  -o smtpd_sasl_auth_enable=yes
  -o smtpd_tls_auth_only=yes
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
  -o smtpd_relay_restrictions=permit_sasl_authenticated,reject
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
proxywrite unix -       -       n       -       1       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
local     unix  -       n       n       -       -       local
virtual   unix  -       n       n       -       -       virtual
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
EOF
  # Postfix will not start until main.cf is a couple of seconds old.
  touch -d '-1 minute' "$conf/main.cf" "$conf/master.cf" "$conf/vmailbox"
}

# wait_port PORT: until something accepts connections on 127.0.0.1:PORT.
wait_port() {
  local i
  for i in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  check_host
  if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
    [ -f "$dir/.mailservers" ] || die "$dir exists and was not made by this script; name a new directory"
    stop >/dev/null
    rm -rf "$dir"
  fi
  for p in "$imap_port" "$imaps_port" "$submission_port"; do
    port_free "$p" || die "127.0.0.1:$p is in use; choose other ports with MAILSERVERS_IMAP_PORT, MAILSERVERS_IMAPS_PORT, MAILSERVERS_SUBMISSION_PORT"
  done
  mkdir -p "$dir"
  chmod 0755 "$dir"
  check_parents
  touch "$dir/.mailservers"
  mkdir -p "$dir/tls" "$dir/log" "$dir/dovecot" "$dir/mail" "$dir/postfix/conf" "$dir/postfix/queue" "$dir/postfix/data"
  chmod 0755 "$dir/tls" "$dir/log" "$dir/dovecot" "$dir/mail" "$dir/postfix" "$dir/postfix/conf" "$dir/postfix/queue"
  chown mail:mail "$dir/mail"
  chown postfix:postfix "$dir/postfix/data"
  write_tls
  write_dovecot
  write_postfix

  # QUIRK: dovecot's master keeps the caller's stdio open; a caller reading
  # our output through a pipe would never see EOF.
  /usr/sbin/dovecot -c "$dir/dovecot/dovecot.conf" </dev/null >>"$dir/log/dovecot.out" 2>&1 \
    || die "dovecot did not start; see $dir/log/dovecot.out and $dir/log/dovecot.log"
  # Postfix logs nowhere useful when it refuses to start: then its check
  # says why.
  if ! /usr/sbin/postfix -c "$dir/postfix/conf" start </dev/null >>"$dir/log/postfix.out" 2>&1; then
    /usr/sbin/postfix -c "$dir/postfix/conf" check </dev/null >>"$dir/log/postfix.out" 2>&1 || true
    die "postfix did not start; see $dir/log/postfix.out and $dir/log/postfix.log"
  fi
  for p in "$imap_port" "$imaps_port" "$submission_port"; do
    wait_port "$p" || die "nothing answers on 127.0.0.1:$p after 10 s; see the logs in $dir/log"
  done
  for s in lmtp auth-postfix; do
    [ -S "$dir/dovecot/run/$s" ] || die "dovecot made no socket $dir/dovecot/run/$s"
  done
  # The ports, for start-dovecot and start-postfix to wait on.
  printf 'imap_port=%s\nimaps_port=%s\nsubmission_port=%s\n' "$imap_port" "$imaps_port" "$submission_port" >"$dir/.mailservers"
  cat <<EOF
MAILSERVERS_DIR=$dir
MAILSERVERS_HOST=127.0.0.1
MAILSERVERS_DOMAIN=$domain
MAILSERVERS_IMAP_PORT=$imap_port
MAILSERVERS_IMAPS_PORT=$imaps_port
MAILSERVERS_SUBMISSION_PORT=$submission_port
MAILSERVERS_CERT=$dir/tls/cert.pem
EOF
}

# master_pid PIDFILE: the live master's pid, or nothing.
master_pid() {
  local pid
  [ -f "$1" ] || return 0
  pid=$(tr -d ' \n' <"$1")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then echo "$pid"; fi
}

# stop: SIGTERM both masters at once, then wait for them to exit.
stop() {
  [ -d "$dir" ] || return 0
  [ -f "$dir/.mailservers" ] || die "$dir was not made by this script"
  local pids pid i
  pids="$(master_pid "$dir/postfix/queue/pid/master.pid") $(master_pid "$dir/dovecot/run/master.pid")"
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in $pids; do
    for i in $(seq 100); do
      kill -0 "$pid" 2>/dev/null || continue 2
      sleep 0.1
    done
    die "pid $pid (a master of $dir) still running after 10 s"
  done
}

# wait_exit PID: until the process is gone (10 s at most).
wait_exit() {
  local i
  for i in $(seq 100); do
    kill -0 "$1" 2>/dev/null || return 0
    sleep 0.1
  done
  die "pid $1 (a master of $dir) still running after 10 s"
}

# running_pair: DIR holds servers started by this script; read their ports.
running_pair() {
  [ -f "$dir/.mailservers" ] || die "$dir was not made by this script"
  # shellcheck disable=SC1091
  . "$dir/.mailservers"
}

stop_dovecot() {
  running_pair
  local pid
  pid=$(master_pid "$dir/dovecot/run/master.pid")
  [ -z "$pid" ] && return 0
  kill -TERM "$pid"
  wait_exit "$pid"
  # Until then a client could still connect to a dying login process.
  for p in "$imap_port" "$imaps_port"; do
    port_free "$p" || die "127.0.0.1:$p still answers after dovecot stopped"
  done
}

start_dovecot() {
  running_pair
  [ -z "$(master_pid "$dir/dovecot/run/master.pid")" ] || die "dovecot of $dir is running already"
  /usr/sbin/dovecot -c "$dir/dovecot/dovecot.conf" </dev/null >>"$dir/log/dovecot.out" 2>&1 \
    || die "dovecot did not start; see $dir/log/dovecot.out and $dir/log/dovecot.log"
  for p in "$imap_port" "$imaps_port"; do
    wait_port "$p" || die "nothing answers on 127.0.0.1:$p after 10 s; see $dir/log/dovecot.log"
  done
  for s in lmtp auth-postfix; do
    [ -S "$dir/dovecot/run/$s" ] || die "dovecot made no socket $dir/dovecot/run/$s"
  done
}

stop_postfix() {
  running_pair
  local pid
  pid=$(master_pid "$dir/postfix/queue/pid/master.pid")
  [ -z "$pid" ] && return 0
  kill -TERM "$pid"
  wait_exit "$pid"
  port_free "$submission_port" || die "127.0.0.1:$submission_port still answers after postfix stopped"
}

start_postfix() {
  running_pair
  [ -z "$(master_pid "$dir/postfix/queue/pid/master.pid")" ] || die "postfix of $dir is running already"
  /usr/sbin/postfix -c "$dir/postfix/conf" start </dev/null >>"$dir/log/postfix.out" 2>&1 \
    || die "postfix did not start; see $dir/log/postfix.out and $dir/log/postfix.log"
  wait_port "$submission_port" || die "nothing answers on 127.0.0.1:$submission_port after 10 s; see $dir/log/postfix.log"
}

case $cmd in
  start) start ;;
  stop) stop ;;
  stop-dovecot) stop_dovecot ;;
  start-dovecot) start_dovecot ;;
  stop-postfix) stop_postfix ;;
  start-postfix) start_postfix ;;
  *) usage ;;
esac
