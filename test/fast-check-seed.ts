// Every property test (fc.assert) draws its cases from one seed, so a run is red or green for a
// reason, never by chance (CI must not fail on a case no one can replay). FRAY_FUZZ_SEED=N
// explores another seed, as for the fuzzers (src/engine/fuzz.test-util.ts fuzzParams); a
// failure prints its seed and path to replay it.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FRAY_FUZZ_SEED ?? 20261130) });
