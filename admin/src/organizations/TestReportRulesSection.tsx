import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { TEST_THRESHOLDS, type TTestThresholdName } from '../../../shared/test-readings-thresholds';
import {
  MAX_FILING_WINDOW_DAYS,
  TEST_REPORT_SETTINGS_MESSAGES,
  type TTestReportSettingsRecord,
  ZTestReportSettings,
} from '../../../shared/test-report-settings';
import { emptyForNull, zodFieldValidator } from '../components/zodValidator';
import { SettingsSection } from './SettingsSection';

/** Each threshold's label, in the field test procedures' words. */
const THRESHOLD_LABELS: Record<TTestThresholdName, string> = {
  rpReliefMin: 'RP: relief valve opens at least at (psid)',
  rpCheck1Min: 'RP: check valve 1 holds at least (psid)',
  rpCheck1AboveRelief: "RP: check valve 1 above the relief valve's opening by at least (psid)",
  rpCheck2Min: 'RP: check valve 2 holds at least (psid)',
  dcCheckMin: 'DC: each check valve holds at least (psid)',
  vbAirInletMin: 'PVB and SVB: air inlet opens at least at (psid)',
  vbCheckMin: 'PVB and SVB: check valve holds at least (psid)',
  agDiameterMultiple: "Air gap: at least this many times the supply pipe's diameter",
  agGapMin: 'Air gap: at least (inches)',
};

/** What a save sends: the rules alone. */
const rulesRequest = (values: Record<string, unknown>) => {
  const rules = emptyForNull(values) as Record<string, unknown>;
  return {
    filingWindowDays: rules.filingWindowDays,
    adminsMayFile: rules.adminsMayFile,
    thresholds: rules.thresholds,
  };
};

const validateRules = zodFieldValidator(ZTestReportSettings, rulesRequest);

/**
 * The organization page's rules for test reports: how long after a test its report may be
 * filed, whether a company admin may file for the company's testers, and the thresholds each
 * reading is held to (the field test procedures' unless the organization raised them). Program
 * managers and the provider's Editors change them; everyone else reads them.
 */
export function TestReportRulesSection({ organizationId }: { organizationId: number }) {
  return (
    <SettingsSection<TTestReportSettingsRecord>
      organizationId={organizationId}
      resource="test-report-rules"
      title="Test report rules"
      intro="Which test reports the organization takes, and the readings that pass. A threshold may be raised above the field test procedures, never lowered below them."
      saveLabel="Save test report rules"
      transform={rulesRequest}
      validate={validateRules}
      saved={() => TEST_REPORT_SETTINGS_MESSAGES.saved}
    >
      {(mayEdit) => (
        <>
          <NumberInput
            source="filingWindowDays"
            label="Days after a test its report may be filed"
            min={1}
            max={MAX_FILING_WINDOW_DAYS}
            disabled={!mayEdit}
          />
          <BooleanInput
            source="adminsMayFile"
            label="A company admin may file test reports for the company's testers"
            disabled={!mayEdit}
          />
          {(Object.keys(TEST_THRESHOLDS) as TTestThresholdName[]).map((name) => (
            <TextInput
              key={name}
              source={`thresholds.${name}`}
              label={THRESHOLD_LABELS[name]}
              disabled={!mayEdit}
            />
          ))}
        </>
      )}
    </SettingsSection>
  );
}
