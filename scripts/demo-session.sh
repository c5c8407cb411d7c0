# Sourced by scripts/demo.sh: the demo's private folder and what it started, removed on exit,
# Ctrl-C or kill. Each demo has its own folder (mktemp), so two demos on one machine never touch
# each other's files.
#   demo_session_start       creates $demo_dir and sets the traps
#   demo_session_group PID   a process group (started with setsid) to stop at the end
demo_dir=""
demo_group_pid=""

demo_session_start() {
  demo_dir="$(mktemp -d "${TMPDIR:-/tmp}/ewzanim-demo.XXXXXX")"
  trap demo_session_end EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM HUP
}

demo_session_group() {
  demo_group_pid="$1"
}

demo_session_end() {
  trap - EXIT INT TERM HUP
  if [ -n "$demo_group_pid" ]; then
    # The group leader first; its children (extension host, language server) exit a moment
    # after it: wait for the whole group, and end what is left after 10 s.
    # The leader itself too: right after `setsid ... &` it may not have made its group yet.
    kill -TERM -- "-$demo_group_pid" 2>/dev/null || true
    kill -TERM "$demo_group_pid" 2>/dev/null || true
    wait "$demo_group_pid" 2>/dev/null || true
    local _
    for _ in $(seq 1 50); do
      kill -0 -- "-$demo_group_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL -- "-$demo_group_pid" 2>/dev/null || true
    kill -KILL "$demo_group_pid" 2>/dev/null || true
  fi
  [ -n "$demo_dir" ] && rm -rf "$demo_dir"
}
