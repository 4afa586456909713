import { Fragment } from 'react';
import { BooleanInput, NumberInput, RadioButtonGroupInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MAX_NOTICE_DAYS, MAX_RETEST_DAYS } from '../../../shared/assembly-compliance';
import { MAX_EARLY_DAYS, MAX_INTERVAL_MONTHS } from '../../../shared/assembly-due';
import {
  TESTING_RULES_MESSAGES,
  type TTestingRulesRecord,
  ZTestingRules,
} from '../../../shared/testing-rules';
import { emptyForNull, zodFieldValidator } from '../components/zodValidator';
import { SettingsSection } from './SettingsSection';

const MODE_CHOICES = [
  { id: 'anniversary', name: 'The anniversary of the last test' },
  { id: 'season', name: 'A season each year' },
];

const MONTH_CHOICES = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  name: new Date(2000, index, 1).toLocaleString('en-US', { month: 'long' }),
}));

/** What a save sends: the rules alone, no season with anniversaries. */
const rulesRequest = (values: Record<string, unknown>) => {
  const rules = emptyForNull(values) as Record<string, unknown>;
  return {
    intervalMonths: rules.intervalMonths,
    mode: rules.mode,
    season: rules.mode === 'season' ? rules.season || null : null,
    earlyDays: rules.earlyDays,
    endOfMonth: rules.endOfMonth,
    noticeDays: rules.noticeDays,
    retestDays: rules.retestDays,
  };
};

const validateRules = zodFieldValidator(ZTestingRules, rulesRequest);

function SeasonInputs({ disabled }: { disabled: boolean }) {
  const mode = useWatch({ name: 'mode' });
  if (mode !== 'season') return null;
  return (
    <>
      {(['start', 'end'] as const).map((edge) => {
        const label = edge === 'start' ? 'Season starts' : 'Season ends';
        return (
          <Fragment key={edge}>
            <SelectInput
              source={`season.${edge}.month`}
              label={`${label}: month`}
              choices={MONTH_CHOICES}
              disabled={disabled}
            />
            <NumberInput
              source={`season.${edge}.day`}
              label={`${label}: day`}
              min={1}
              max={31}
              disabled={disabled}
            />
          </Fragment>
        );
      })}
    </>
  );
}

/**
 * The organization page's testing rules (when its assemblies are due): months between tests per
 * hazard, the anniversary of the last test or a season each year, the early-test window and
 * month-end rounding, the notice window and the days for a retest after a failure. Program managers and the provider's Editors change them, which computes
 * every tested assembly's next test due again; everyone else reads them.
 */
export function TestingRulesSection({ organizationId }: { organizationId: number }) {
  return (
    <SettingsSection<TTestingRulesRecord>
      organizationId={organizationId}
      resource="testing-rules"
      title="Testing rules"
      intro="When the organization's assemblies are next due for their test, computed from each one's last test."
      saveLabel="Save testing rules"
      transform={rulesRequest}
      validate={validateRules}
      saved={(rules) => TESTING_RULES_MESSAGES.saved.replace('{count}', String(rules.recomputed))}
    >
      {(mayEdit) => (
        <>
          <NumberInput
            source="intervalMonths.high"
            label="High hazard: months between tests"
            min={1}
            max={MAX_INTERVAL_MONTHS}
            disabled={!mayEdit}
          />
          <NumberInput
            source="intervalMonths.low"
            label="Low hazard: months between tests"
            min={1}
            max={MAX_INTERVAL_MONTHS}
            disabled={!mayEdit}
          />
          <RadioButtonGroupInput
            source="mode"
            label="Next test due on"
            choices={MODE_CHOICES}
            disabled={!mayEdit}
          />
          <SeasonInputs disabled={!mayEdit} />
          <NumberInput
            source="earlyDays"
            label="Early-test window (days)"
            min={0}
            max={MAX_EARLY_DAYS}
            helperText="Days before the due date (before the season's start, with seasons) a test still counts for it."
            disabled={!mayEdit}
          />
          <BooleanInput
            source="endOfMonth"
            label="Move a computed due date to the last day of its month"
            disabled={!mayEdit}
          />
          <NumberInput
            source="noticeDays"
            label="Notice window (days)"
            min={0}
            max={MAX_NOTICE_DAYS}
            helperText="Days before the due date an assembly is Due."
            disabled={!mayEdit}
          />
          <NumberInput
            source="retestDays"
            label="Retest after a failed test (days)"
            min={1}
            max={MAX_RETEST_DAYS}
            helperText="Days after a failed test its passing retest is due."
            disabled={!mayEdit}
          />
        </>
      )}
    </SettingsSection>
  );
}
