import { Paper, Typography } from '@mui/material';
import { Fragment, useId } from 'react';
import {
  BooleanInput,
  EditBase,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  useNotify,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MAX_EARLY_DAYS, MAX_INTERVAL_MONTHS } from '../../../shared/assembly-due';
import {
  TESTING_RULES_MESSAGES,
  type TTestingRulesRecord,
  ZTestingRules,
} from '../../../shared/testing-rules';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { useAllowed } from '../components/useAllowed';
import { emptyForNull, zodFieldValidator } from '../components/zodValidator';

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
 * month-end rounding. Program managers and the provider's Editors change them, which computes
 * every tested assembly's next test due again; everyone else reads them.
 */
export function TestingRulesSection({ organizationId }: { organizationId: number }) {
  const headingId = useId();
  const mayEdit = useAllowed('testing-rules', 'edit');
  const notify = useNotify();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3, maxWidth: 1200 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Testing rules
      </Typography>
      <Typography sx={{ mb: 1 }}>
        When the organization's assemblies are next due for their test, computed from each one's
        last test.
      </Typography>
      <EditBase<TTestingRulesRecord>
        resource="testing-rules"
        id={organizationId}
        mutationMode="pessimistic"
        redirect={false}
        // The page itself is the organization's; saving is checked by the server's roles.
        disableAuthentication
        transform={rulesRequest}
        mutationOptions={{
          onSuccess: (rules: TTestingRulesRecord) =>
            notify(TESTING_RULES_MESSAGES.saved.replace('{count}', String(rules.recomputed)), {
              type: 'success',
            }),
        }}
      >
        <SimpleForm
          aria-label="Testing rules"
          validate={validateRules}
          noValidate
          disableInvalidFormNotification
          toolbar={
            mayEdit ? (
              <Toolbar>
                <SaveButton label="Save testing rules" />
              </Toolbar>
            ) : (
              false
            )
          }
        >
          <FormErrorSummary />
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
        </SimpleForm>
      </EditBase>
    </Paper>
  );
}
