#!/bin/sh
# Regenerates the media simulator's clip (committed: CI needs no ffmpeg). Run from this folder with
# ffmpeg (Debian 12: ffmpeg 5.1) and the DejaVu fonts (fonts-dejavu-core).
#
# One encode, two remuxes with `-c copy`, so the HLS segments and the FLV carry the same frames:
# - clip.mp4 is not kept; clip.flv is what the FLV-over-WebSocket stream loops;
# - seg0.m2ts … seg3.m2ts are the HLS segments the live playlist slides over (named .m2ts, not .ts:
#   TypeScript tools would read them as code), 1 s each (a key frame per
#   second, 15 fps, so every segment starts with an IDR frame).
# 4 s of testsrc2 at 320x180 with the seconds and frame number drawn on it, H.264 Constrained
# Baseline level 3.0 (every browser's MSE decodes it), no audio.
set -eu
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=320x180:rate=15:duration=4" \
  -vf "drawtext=fontfile=${FONT}:text='xpark %{pts\\:hms} #%{frame_num}':x=8:y=8:fontsize=18:fontcolor=white:box=1:boxcolor=black@0.6" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -tune zerolatency \
  -g 15 -keyint_min 15 -sc_threshold 0 -b:v 110k -maxrate 140k -bufsize 140k -an \
  -movflags +faststart clip.mp4
ffmpeg -hide_banner -loglevel error -y -i clip.mp4 -c copy -f flv clip.flv
ffmpeg -hide_banner -loglevel error -y -i clip.mp4 -c copy -bsf:v h264_mp4toannexb -f hls \
  -hls_time 1 -hls_list_size 0 -hls_segment_filename 'seg%d.m2ts' -hls_flags independent_segments \
  clip.m3u8
rm clip.mp4
# clip.m3u8 (kept) lists the segments and their durations: the simulator reads it
# the snapshot the simulator's cameras answer (getFileUrl)
ffmpeg -hide_banner -loglevel error -y -i seg1.m2ts -frames:v 1 -update 1 -q:v 6 snapshot.jpg
