#!/bin/sh
# Calls the next ticket every few seconds by rewriting the queue display's data file the
# safe way: write a new file, then rename it over the old one (the kiosk never sees half).
dir=$(dirname "$0")
n=42
while true; do
  n=$((n + 1))
  printf '{"serving": "A %03d", "desk": "%d", "waiting": %d}\n' "$n" $((n % 4 + 1)) $((n % 9)) > "$dir/now.json.tmp"
  mv "$dir/now.json.tmp" "$dir/now.json"
  sleep 5
done
