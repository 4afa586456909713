import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { LinkBase } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { useConsolePath } from '../components/paths';
import { useAllowedSections } from '../layout/sections';
import { QueueSummaryCard } from '../review/QueueSummaryCard';
import { ComplianceSummary } from './ComplianceSummary';

/** Admin home: what waits for review, the compliance picture, and what each section is for. */
export function Home() {
  const consolePath = useConsolePath();
  const sections = useAllowedSections();
  return (
    <>
      <PageHeading title="Backflow Admin Console" />
      <Typography sx={{ mb: 2 }}>
        Manage organizations and their registration forms, certification agencies and types,
        registered users and reports.
      </Typography>
      <QueueSummaryCard />
      <ComplianceSummary />
      <Grid container spacing={2}>
        {sections
          .filter((section) => section.to !== '/')
          .map((section) => (
            <Grid key={section.to} size={{ xs: 12, md: 6, lg: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea
                  component={LinkBase}
                  to={consolePath(section.to)}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Typography
                      variant="h6"
                      component="h2"
                      sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                    >
                      {section.icon}
                      {section.label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {section.description}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
      </Grid>
    </>
  );
}
