import {
  isInstalled,
  missingRequired,
  notRunLine,
  OPTIONAL_ENGINES,
  requiredEngines,
} from '../helpers/optional-engines.js';

// Says once per run which optional engines' tests run, and fails a run that requires an engine
// whose server is missing (CI sets REQUIRE_OPTIONAL_ENGINES after installing them).
export default function setup() {
  const required = requiredEngines();
  const unknown = required.filter((name) => !(name in OPTIONAL_ENGINES));
  if (unknown.length) {
    throw new Error(`REQUIRE_OPTIONAL_ENGINES names unknown engines: ${unknown.join(', ')}`);
  }
  for (const engine of Object.values(OPTIONAL_ENGINES)) {
    if (isInstalled(engine)) {
      const note = required.includes(engine.name) ? ' (required by this run)' : '';
      console.log(`Optional engine ${engine.name}: ${engine.command} found, its tests run${note}.`);
    } else if (required.includes(engine.name)) {
      throw new Error(missingRequired(engine));
    } else {
      console.warn(notRunLine(engine));
    }
  }
}
