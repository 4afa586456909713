import { OrganizationStatusList } from './OrganizationStatusList';

export function InactiveOrganizations() {
  return (
    <OrganizationStatusList
      status="inactive"
      title="Inactive Organizations"
      accessLabel="Access Expired On"
    />
  );
}
