# Sourced by scripts/demo.sh: one line per step with the time since the start, and a line every
# $EWZANIM_PROGRESS_INTERVAL seconds (default 10) while a long step runs, so a first run that
# installs code-server for minutes is never silent. A step's own output goes to a log, shown
# only when the step fails.
#   step "built the extension" node scripts/build.mjs
# prints   [0:07] built the extension (4 s)
# Set progress_log_dir before the first step (a folder the caller removes).
progress_started=$SECONDS
declare -a progress_timings=()

progress_clock() {
  local elapsed=$((SECONDS - progress_started))
  printf '[%d:%02d]' $((elapsed / 60)) $((elapsed % 60))
}

progress_duration() {
  # progress_duration SECONDS -> "4 s" or "2 min 03 s"
  local s="$1"
  if [ "$s" -lt 60 ]; then printf '%d s' "$s"; else printf '%d min %02d s' $((s / 60)) $((s % 60)); fi
}

step() {
  # step LABEL COMMAND... : runs COMMAND (a function or program, in this shell) with its output
  # in a log; on failure prints the log's end and returns the status.
  local label="$1"; shift
  local log="$progress_log_dir/step-${#progress_timings[@]}.log"
  local started=$SECONDS interval="${EWZANIM_PROGRESS_INTERVAL:-10}"
  (
    # The sleep runs in the background so that the TERM at the step's end ends this at once.
    sleeper=""
    trap '[ -n "$sleeper" ] && kill "$sleeper"; exit 0' TERM
    while :; do
      sleep "$interval" &
      sleeper=$!
      wait "$sleeper"
      echo "$(progress_clock) ... $label: $((SECONDS - started)) s so far"
    done
  ) 2>/dev/null &
  local beat=$! status=0
  "$@" >"$log" 2>&1 || status=$?
  kill "$beat" 2>/dev/null || true
  wait "$beat" 2>/dev/null || true
  local took=$((SECONDS - started))
  progress_timings+=("$label|$took")
  if [ "$status" -ne 0 ]; then
    echo "$(progress_clock) FAILED: $label (exit status $status). Its last lines:"
    tail -n 40 "$log"
    return "$status"
  fi
  echo "$(progress_clock) $label ($(progress_duration "$took"))"
}

progress_report() {
  # progress_report TITLE : the steps and their seconds as a markdown table, then the total.
  echo "$1"
  echo
  echo "| step | seconds |"
  echo "|---|---:|"
  local entry
  for entry in "${progress_timings[@]}"; do echo "| ${entry%|*} | ${entry##*|} |"; done
  echo "| **total** | **$((SECONDS - progress_started))** |"
}
