#!/usr/bin/env bash
# A night's matrix as a Slurm array: one task per shard (`--shard auto/N` reads
# SLURM_ARRAY_TASK_ID, 1-based: keep --array=1-N), each stored in one shared history (an
# SQLite file on a shared filesystem that supports locking, or a PostgreSQL URL), where the
# shards are one run: `runner report group:ID --store "$RB_STORE" --html OUT/`.
#
#   sbatch --export=ALL,RB_STORE=postgresql://bench@db.example/reactorbench examples/fleet/slurm-array.sh
#
# Without Slurm the same script runs one shard by hand: SLURM_ARRAY_TASK_ID=2 examples/fleet/slurm-array.sh
#SBATCH --job-name=reactorbench-nightly
#SBATCH --array=1-4
#SBATCH --nodes=1
#SBATCH --exclusive
#SBATCH --output=reactorbench-%A-%a.log
set -euo pipefail

shards=4   # keep equal to --array=1-N
runner="${RB_RUNNER:-runner}"
config="${RB_CONFIG:-configs/flower.toml}"
store="${RB_STORE:-results/history.db}"
# The array job's id names the night's group in every task; by hand, RB_GROUP or the date.
group="${RB_GROUP:-slurm-${SLURM_ARRAY_JOB_ID:-$(date -u +%Y%m%d)}}"
task="${SLURM_ARRAY_TASK_ID:?is set by sbatch --array; by hand: SLURM_ARRAY_TASK_ID=I $0}"
out="${RB_OUT:-results}/$group-shard-$task"

exec "$runner" run "$config" --shard "auto/$shards" --group "$group" --store "$store" \
  --out "$out" "$@"
