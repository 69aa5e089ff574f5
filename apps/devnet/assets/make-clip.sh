#!/bin/sh
# How the demo network's videos were made: demo-clip.mp4 (4 s, 320x180) and demo-clip-short.mp4
# (4 s, 180x320, the short videos of kind 22), a test pattern and a 440 Hz tone.
# Needs Debian's ffmpeg; the committed files are served as they are, so running this is optional.
set -e
cd "$(dirname "$0")"
clip() {
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=$1:rate=15:duration=4" -f lavfi -i "sine=frequency=440:duration=4" \
    -c:v libx264 -preset veryslow -crf 34 -pix_fmt yuv420p -profile:v baseline -c:a aac -b:a 32k -shortest \
    -movflags +faststart -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1 "$2"
}
clip 320x180 demo-clip.mp4
clip 180x320 demo-clip-short.mp4
