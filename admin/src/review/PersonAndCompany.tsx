import { Box, Chip, Paper, Typography } from '@mui/material';
import { dateTime } from '../components/dates';
import type { TReview } from './reviewWords';

// The review screen's first sections: the company (matched or new) and the person.

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function PersonAndCompany({ review }: { review: TReview }) {
  const { company } = review;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 2 }}>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="review-company">
        <Typography variant="h6" component="h2" id="review-company">
          Company
        </Typography>
        {company ? (
          <>
            <Chip
              size="small"
              sx={{ my: 1 }}
              color={company.matched ? 'info' : 'default'}
              label={
                company.matched === null
                  ? 'Match unknown'
                  : company.matched
                    ? 'Matched an existing company'
                    : 'New company'
              }
            />
            <Facts
              rows={[
                ['Name', company.name],
                ['Address', [company.address1, company.address2].filter(Boolean).join(', ')],
                ['City', `${company.city}, ${company.state} ${company.zip}`],
                ['Phone', company.phone],
              ]}
            />
          </>
        ) : (
          <Typography>No company on file.</Typography>
        )}
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="review-person">
        <Typography variant="h6" component="h2" id="review-person">
          Person
        </Typography>
        <Facts
          rows={[
            ['Name', `${review.firstName} ${review.lastName}`],
            ['User Type', review.userType === 'admin' ? 'Admin' : 'Tester'],
            ['Email', review.email],
            ['Phone', review.phone ?? ''],
            ['Organization', review.organizationName],
            ['Registered', dateTime(review.registeredAt)],
          ]}
        />
      </Paper>
    </Box>
  );
}
