import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { MSG } from '@ecofoyer/contracts';
import { Alert, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAppliance } from '../../appliances/api/appliances.ts';
import { useRefProducts } from '../../references/api/references.ts';
import { useMaintenanceCards } from '../api/maintenance.ts';
import { CardProducts } from '../components/card-products.tsx';
import { CardStepList } from '../components/card-step-list.tsx';
import { CardSummary } from '../components/card-summary.tsx';
import { PlanModal } from '../components/plan-modal.tsx';
import { StepsModal } from '../components/steps-modal.tsx';
import type { Target } from '../maintenance-event.ts';

const DATES_SETTINGS = { locale: 'fr', firstDayOfWeek: 1 as const, weekendDays: [] };

const positiveId = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** product §2, Maintenance card detail (/entretien/fichedetail?card=…&prod=…&appliance=…). */
export function MaintenanceCardDetailPage() {
  const [params] = useSearchParams();
  const cardId = positiveId(params.get('card'));
  const prod = positiveId(params.get('prod'));
  const applianceId = positiveId(params.get('appliance'));
  const cards = useMaintenanceCards(prod);
  const products = useRefProducts();
  const appliance = useAppliance(applianceId);
  const [planOpened, plan] = useDisclosure(false);
  const [stepsOpened, stepsDialog] = useDisclosure(false);
  const [plannedDay, setPlannedDay] = useState<string | null>(null);

  if (prod && cards.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={MSG.loading}>
        <Skeleton h={44} w={320} />
        <Skeleton h={220} radius="lg" />
        <Skeleton h={160} radius="lg" />
      </Stack>
    );
  }
  if (cards.isError) {
    return (
      <>
        <PageTitle title="Fiche d’entretien" />
        <ErrorAlert message={cards.error.message} onRetry={() => cards.refetch()} />
      </>
    );
  }
  const card = cards.data?.find((c) => c.id === cardId);
  if (!card) {
    // product §8, Missing maintenance card.
    return (
      <>
        <PageTitle title="Fiche d’entretien" />
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {MSG.maintenanceCardMissing}
        </Alert>
        <Button
          component={Link}
          to={prod ? `/entretien/fiche?prod=${prod}${applianceId ? `&appliance=${applianceId}` : ''}` : '/entretien/fiche'}
          variant="light"
          mt="md"
        >
          Voir les fiches d’entretien
        </Button>
      </>
    );
  }

  const productName = products.data?.find((p) => p.id === card.productId)?.prodName;
  const applianceName = applianceId ? appliance.data?.name : productName;
  const target: Target = { card, applianceId };
  const steps = [...card.steplist].sort((a, b) => a.steporder - b.steporder);

  return (
    <DatesProvider settings={DATES_SETTINGS}>
      <PageTitle title={card.title} />
      <Stack gap="md" maw={900}>
        <CardSummary
          card={card}
          applianceName={applianceName}
          canStart={steps.length > 0}
          onStart={stepsDialog.open}
          onPlan={plan.open}
          plannedDay={plannedDay}
          onPlannedDismiss={() => setPlannedDay(null)}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CardProducts agents={card.agentlist} />
          <CardStepList steps={steps} />
        </SimpleGrid>
      </Stack>

      <PlanModal opened={planOpened} onClose={plan.close} target={target} onPlanned={setPlannedDay} />
      <StepsModal opened={stepsOpened} onClose={stepsDialog.close} target={target} />
    </DatesProvider>
  );
}
