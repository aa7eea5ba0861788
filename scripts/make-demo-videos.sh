#!/usr/bin/env bash
# Regenerates the demo videos and their JPEG posters in server/db/seed/assets/ (committed files;
# the seed only reads them, it never runs ffmpeg). Needs Debian's ffmpeg (libx264, drawtext) and
# the DejaVu fonts. Each clip: 3 s, 25 fps, H.264 yuv420p, no audio, +faststart, well under 250 KB.
# Usage: scripts/make-demo-videos.sh
set -euo pipefail

cd "$(dirname "$0")/.."
out=server/db/seed/assets
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
book=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -f "$bold" ] || { echo "DejaVu fonts missing (apt-get install fonts-dejavu-core)" >&2; exit 1; }

# txt NAME TEXT: writes one drawtext text file (textfile= avoids filtergraph escaping).
txt() { printf '%s' "$2" > "$work/$1.txt"; }

# render NAME SIZE FILTERGRAPH: encodes the clip and grabs its poster at 2 s.
render() {
  local name=$1 size=$2 graph=$3
  printf '%s' "$graph" > "$work/$name.graph"
  ffmpeg -hide_banner -loglevel error -y \
    -filter_complex_script "$work/$name.graph" -map '[v]' -t 3 -r 25 \
    -c:v libx264 -preset slow -crf 30 -maxrate 600k -bufsize 1200k -pix_fmt yuv420p \
    -movflags +faststart -an "$out/$name.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 2 -i "$out/$name.mp4" -frames:v 1 -q:v 3 "$out/$name-poster.jpg"
  echo "$name ($size): $(stat -c %s "$out/$name.mp4") bytes, poster $(stat -c %s "$out/$name-poster.jpg") bytes"
}

# Common drawtext pieces: fade-in from time A over 0.4 s.
fade() { echo "alpha='min(1,max(0,(t-$1)/0.4))'"; }

# 1. Vertical (TikTok / Reels): electric bike, text slides in, CTA appears.
txt velo_brand 'VÉLOCE'
txt velo_h1 'Le vélo électrique'
txt velo_h2 'qui monte les côtes'
txt velo_h3 'à votre place.'
txt velo_cta 'Essai gratuit 7 jours'
render velo-electrique 360x640 "gradients=s=360x640:r=25:d=3:c0=0x0f766e:c1=0x1e3a8a:x0=0:y0=0:x1=360:y1=640:speed=0.02[bg];
[bg]drawbox=x=0:y=0:w=360:h=64:color=black@0.25:t=fill,
drawtext=fontfile=$bold:textfile=$work/velo_brand.txt:expansion=none:fontsize=26:fontcolor=white:x=20:y=20,
drawbox=x=60:y=300:w=240:h=120:color=0xfacc15@0.9:t=fill,
drawbox=x=95:y=330:w=60:h=60:color=0x111827:t=8,
drawbox=x=205:y=330:w=60:h=60:color=0x111827:t=8,
drawtext=fontfile=$bold:textfile=$work/velo_h1.txt:expansion=none:fontsize=30:fontcolor=white:x='if(lt(t,0.6),-tw+(t/0.6)*(tw+24),24)':y=110,
drawtext=fontfile=$bold:textfile=$work/velo_h2.txt:expansion=none:fontsize=30:fontcolor=white:x='if(lt(t,0.9),-tw+(t/0.9)*(tw+24),24)':y=150,
drawtext=fontfile=$bold:textfile=$work/velo_h3.txt:expansion=none:fontsize=30:fontcolor=0xfacc15:x='if(lt(t,1.2),-tw+(t/1.2)*(tw+24),24)':y=190,
drawbox=x=40:y=520:w=280:h=64:color=0xfacc15:t=fill:enable='gte(t,1.5)',
drawtext=fontfile=$bold:textfile=$work/velo_cta.txt:expansion=none:fontsize=22:fontcolor=0x111827:x=(w-tw)/2:y=541:enable='gte(t,1.5)'[v]"

# 2. Vertical: smoothie, radial gradient, price pops in.
txt smoothie_brand 'FRUITÉ & CO'
txt smoothie_h1 '3 fruits.'
txt smoothie_h2 '0 sucre ajouté.'
txt smoothie_price '2,90 €'
txt smoothie_sub 'Pressé à froid, livré demain'
render smoothie-matin 360x640 "gradients=s=360x640:r=25:d=3:type=radial:c0=0xfde68a:c1=0xf97316:speed=0.03[bg];
[bg]drawtext=fontfile=$bold:textfile=$work/smoothie_brand.txt:expansion=none:fontsize=24:fontcolor=0x7c2d12:x=(w-tw)/2:y=36,
drawtext=fontfile=$bold:textfile=$work/smoothie_h1.txt:expansion=none:fontsize=46:fontcolor=white:borderw=2:bordercolor=0x7c2d12:x=(w-tw)/2:y=120:$(fade 0.2),
drawtext=fontfile=$bold:textfile=$work/smoothie_h2.txt:expansion=none:fontsize=36:fontcolor=white:borderw=2:bordercolor=0x7c2d12:x=(w-tw)/2:y=180:$(fade 0.7),
drawbox=x=130:y=270:w=100:h=170:color=0xdc2626:t=fill,
drawbox=x=150:y=250:w=60:h=24:color=0x166534:t=fill,
drawbox=x=130:y=330:w=100:h=50:color=white@0.85:t=fill,
drawbox=x=110:y=480:w=140:h=56:color=0x7c2d12:t=fill:enable='gte(t,1.3)',
drawtext=fontfile=$bold:textfile=$work/smoothie_price.txt:expansion=none:fontsize=30:fontcolor=white:x=(w-tw)/2:y=492:enable='gte(t,1.3)',
drawtext=fontfile=$book:textfile=$work/smoothie_sub.txt:expansion=none:fontsize=18:fontcolor=0x7c2d12:x=(w-tw)/2:y=570:$(fade 1.6)[v]"

# 3. Square: budgeting app, a counter runs up to 120 000.
txt budget_brand 'Budgeo'
txt budget_count '%{eif:min(120000,trunc(t*60000)):d}'
txt budget_h1 'personnes gèrent déjà'
txt budget_h2 'leur budget avec nous'
txt budget_cta 'Télécharger l’appli'
render appli-budget 480x480 "color=c=0x0f172a:s=480x480:r=25:d=3[bg];
[bg]drawbox=x=0:y=0:w=480:h=8:color=0x22c55e:t=fill,
drawtext=fontfile=$bold:textfile=$work/budget_brand.txt:expansion=none:fontsize=26:fontcolor=0x22c55e:x=32:y=36,
drawtext=fontfile=$bold:textfile=$work/budget_count.txt:fontsize=72:fontcolor=white:x=(w-tw)/2:y=120,
drawtext=fontfile=$book:textfile=$work/budget_h1.txt:expansion=none:fontsize=26:fontcolor=0xcbd5e1:x=(w-tw)/2:y=220,
drawtext=fontfile=$book:textfile=$work/budget_h2.txt:expansion=none:fontsize=26:fontcolor=0xcbd5e1:x=(w-tw)/2:y=256,
drawbox=x=110:y=360:w=260:h=60:color=0x22c55e:t=fill:enable='gte(t,1.8)',
drawtext=fontfile=$bold:textfile=$work/budget_cta.txt:expansion=none:fontsize=22:fontcolor=0x0f172a:x=(w-tw)/2:y=378:enable='gte(t,1.8)'[v]"

# 4. Landscape (YouTube / DV360): solar panels, sunny gradient.
txt solar_brand 'VOLTÉA'
txt solar_h1 'Vos panneaux solaires'
txt solar_h2 'posés en 48 h'
txt solar_badge '-30 % sur la facture'
render energie-solaire 640x360 "gradients=s=640x360:r=25:d=3:c0=0xfef08a:c1=0xea580c:x0=0:y0=0:x1=640:y1=360:speed=0.02[bg];
[bg]drawtext=fontfile=$bold:textfile=$work/solar_brand.txt:expansion=none:fontsize=24:fontcolor=0x1e3a8a:x=32:y=28,
drawtext=fontfile=$bold:textfile=$work/solar_h1.txt:expansion=none:fontsize=36:fontcolor=0x1e3a8a:x=32:y=100:$(fade 0.2),
drawtext=fontfile=$bold:textfile=$work/solar_h2.txt:expansion=none:fontsize=36:fontcolor=white:borderw=2:bordercolor=0x1e3a8a:x=32:y=146:$(fade 0.6),
drawbox=x=440:y=200:w=160:h=100:color=0x1e3a8a:t=fill,
drawbox=x=440:y=200:w=160:h=100:color=0x93c5fd:t=3,
drawbox=x=518:y=200:w=4:h=100:color=0x93c5fd:t=fill,
drawbox=x=440:y=248:w=160:h=4:color=0x93c5fd:t=fill,
drawbox=x=32:y=236:w=300:h=56:color=0x1e3a8a:t=fill:enable='gte(t,1.2)',
drawtext=fontfile=$bold:textfile=$work/solar_badge.txt:expansion=none:fontsize=24:fontcolor=0xfef08a:x=48:y=252:enable='gte(t,1.2)'[v]"
