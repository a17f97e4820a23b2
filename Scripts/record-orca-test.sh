#!/bin/bash
# Records the sample Button entry's test with the Orca screen reader: Xvfb, the accessibility bus,
# speech-dispatcher with espeak-ng (played to ALSA's null device), Orca and Firefox ESR on the
# built page; keys pressed with xdotool, the screen with ffmpeg, and captions made from Orca's
# debug log (what it said, when). Writes Content/web/button-orca.mp4 (captions burned in) and
# button-orca.vtt. Not part of `make site` or `make test`; on Debian 12 it needs:
#   apt-get install orca xvfb ffmpeg espeak-ng speech-dispatcher speech-dispatcher-espeak-ng \
#     at-spi2-core dbus-x11 xdotool firefox-esr
# Usage: Scripts/record-orca-test.sh [GUIDESITE]   (run from the repository's root, as root)
set -euo pipefail
guidesite=${1:-.build/debug/guidesite}
work=$(mktemp -d)
# Orca spawns speech-dispatcher on the session's bus; a stale one made the next run's Orca hang.
trap 'kill $(jobs -p) 2>/dev/null; pkill -f "orca --replace"; pkill -f "speech-dispatcher --spawn"; kill "${DBUS_SESSION_BUS_PID:-}" 2>/dev/null; rm -rf "$work"' EXIT
"$guidesite" build --root . --output "$work/site" --quiet
# Orca waits on speech that cannot be played without a sound card: ALSA's null device takes it.
printf 'pcm.!default {\n  type null\n}\n' > "$HOME/.asoundrc"
mkdir -p "$HOME/.config/speech-dispatcher"
cp -r /etc/speech-dispatcher/modules "$HOME/.config/speech-dispatcher/"
sed 's/^#\?\s*AudioOutputMethod.*/AudioOutputMethod "alsa"/' /etc/speech-dispatcher/speechd.conf > "$HOME/.config/speech-dispatcher/speechd.conf"
export DISPLAY=:99 GTK_MODULES=gail:atk-bridge
Xvfb :99 -screen 0 1280x800x24 -nolisten tcp &
sleep 1
eval "$(dbus-launch --sh-syntax)"
/usr/libexec/at-spi-bus-launcher --launch-immediately &
python3 -m http.server 8777 --bind 127.0.0.1 --directory "$work/site" > /dev/null 2>&1 &
sleep 1
orca --replace --debug-file="$work/orca.txt" > /dev/null 2>&1 &
sleep 7
mkdir -p "$work/profile"
cat > "$work/profile/user.js" <<'PREFS'
user_pref("datareporting.policy.dataSubmissionPolicyBypassNotification", true);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.shell.checkDefaultBrowser", false);
PREFS
firefox-esr --no-remote --profile "$work/profile" --kiosk "http://127.0.0.1:8777/web/button/#state" > /dev/null 2>&1 &
sleep 25
# The test: Tab to the State section's link, Tab into the example, Orca's "where am I" (keypad
# Enter), then Down and Up in browse mode, which read the example's button.
ffmpeg -loglevel error -y -f x11grab -framerate 10 -video_size 1152x720 -i :99 -c:v libx264 -preset veryfast -crf 30 -pix_fmt yuv420p "$work/raw.mp4" &
recorder=$!
start=$(date +%H:%M:%S.%N)
sleep 2
for key in Tab Tab KP_Enter Down Up; do xdotool key $key; sleep 4; done
kill -INT $recorder
wait $recorder || true
end=$(date +%H:%M:%S.%N)
python3 - "$work/orca.txt" "$start" "$end" > Content/web/button-orca.vtt <<'CAPTIONS'
import re, sys
def seconds(stamp):
    hours, minutes, rest = stamp.split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(rest[:9])
log, start, end = sys.argv[1], seconds(sys.argv[2]), seconds(sys.argv[3])
cues = []
for line in open(log, encoding="utf-8"):
    found = re.match(r"(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: '(.*)'\s*\{", line)
    if not found or not start <= seconds(found.group(1)) <= end:
        continue
    at = seconds(found.group(1)) - start
    # Said within half a second of the one before (a key's echo, then what it led to): one cue.
    if cues and at - cues[-1][0] < 0.5:
        cues[-1][1].append(found.group(2).strip())
    else:
        cues.append((at, [found.group(2).strip()]))
def stamp(value):
    return f"00:{int(value // 60):02d}:{value % 60:06.3f}"
print("WEBVTT\n\nNOTE What Orca said, from its debug log, at the times it said it.\n")
for index, (at, lines) in enumerate(cues):
    following = cues[index + 1][0] if index + 1 < len(cues) else end - start
    print(f"{stamp(at)} --> {stamp(min(following, at + 3.5))}\n" + "\n".join(lines) + "\n")
CAPTIONS
ffmpeg -loglevel error -y -i "$work/raw.mp4" \
  -vf "subtitles=Content/web/button-orca.vtt:force_style='FontSize=22,BorderStyle=3,Outline=1,BackColour=&H80000000,MarginV=24'" \
  -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -movflags +faststart Content/web/button-orca.mp4
echo "wrote Content/web/button-orca.mp4 and Content/web/button-orca.vtt"
