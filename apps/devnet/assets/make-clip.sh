#!/bin/sh
# How demo-clip.mp4 (the demo network's video, 4 s, 320x180, test pattern and a 440 Hz tone) was made.
# Needs Debian's ffmpeg; the committed file is served as is, so running this is optional.
set -e
cd "$(dirname "$0")"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=320x180:rate=15:duration=4" -f lavfi -i "sine=frequency=440:duration=4" \
  -c:v libx264 -preset veryslow -crf 34 -pix_fmt yuv420p -profile:v baseline -c:a aac -b:a 32k -shortest \
  -movflags +faststart -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1 demo-clip.mp4
