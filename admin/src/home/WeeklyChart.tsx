import { Box } from '@mui/material';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { TComplianceSummaryResponse } from '../../../shared/staff-responses';

// Only the parts of Chart.js a bar chart uses, so the rest is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** Registrations per week (past) beside certifications due per week (coming), as bars. */
export function WeeklyChart({ weeks }: { weeks: TComplianceSummaryResponse['weeks'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: weeks.map((week) => week.weekOf.slice(5)),
        datasets: [
          {
            label: 'Registrations',
            data: weeks.map((week) => week.registrations),
            backgroundColor: '#1565c0',
          },
          {
            label: 'Certifications due',
            data: weeks.map((week) => week.expirationsDue),
            backgroundColor: '#c62828',
          },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [weeks]);
  return (
    <Box sx={{ position: 'relative', height: 280, my: 1 }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label="Bar chart of registrations per week over six months and certifications due per week in the coming weeks; the same numbers follow as a table."
      />
    </Box>
  );
}
