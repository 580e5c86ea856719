import {
  CLAIM_MSG,
  CLAIM_OUTCOME_LABELS,
  CLAIM_OUTCOMES,
  CLAIM_STEP_LABELS,
  CLAIM_STEPS,
  type Claim,
  type ClaimOutcome,
  type ClaimStepKind,
  dayFr,
  MSG,
  parisDay,
} from '@ecofoyer/contracts';
import { Button, NativeSelect, Radio, Stack, Text, Textarea, TextInput, Timeline, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconPoint } from '@tabler/icons-react';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { EditOnly } from '../../foyer/components/edit-only.tsx';
import { useAddClaimStep } from '../api/claims.ts';

/** What each outcome does to the appliance, said before it is recorded. */
const OUTCOME_HELP: Record<ClaimOutcome, string> = {
  reparee: 'La panne sera notée réparée dans l’historique de l’appareil.',
  remplacee: 'La panne sera notée réglée par un remplacement.',
  remboursee: 'La panne sera notée réglée par un remboursement.',
  refusee: 'La panne reste ouverte : les étapes suivantes vous sont proposées.',
};

/** The claim's steps with their dates, oldest first, then the form to add the next one. */
export function ClaimSteps({ claim }: { claim: Claim }) {
  return (
    <Stack gap="sm" component="section" aria-label="Étapes de la démarche">
      <Title order={2} fz="lg">
        Étapes
      </Title>
      {claim.etapes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune étape pour l’instant. Envoyez le courrier, puis notez ici le jour de l’envoi{'\u00a0'}: l’application vous rappellera le
          délai.
        </Text>
      ) : (
        <Timeline active={claim.etapes.length - 1} bulletSize={22} lineWidth={2}>
          {claim.etapes.map((step) => (
            <Timeline.Item
              key={step.id}
              bullet={step.type === 'issue' ? <IconCircleCheck size={14} /> : <IconPoint size={14} />}
              title={step.issue ? `${CLAIM_STEP_LABELS[step.type]} — ${CLAIM_OUTCOME_LABELS[step.issue]}` : CLAIM_STEP_LABELS[step.type]}
            >
              <Text size="sm">
                Le {dayFr(step.date)}
                {step.auteur ? `, noté par ${step.auteur}` : ''}
              </Text>
              {step.note && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {step.note}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {claim.statut !== 'terminee' && (
        <EditOnly>
          <StepForm claim={claim} />
        </EditOnly>
      )}
    </Stack>
  );
}

/** The step that usually comes next, chosen first in the list. */
function nextKind(claim: Claim): ClaimStepKind {
  if (claim.etapes.length === 0) return 'envoyee';
  return claim.echeance && claim.echeance < parisDay(new Date()) ? 'relance' : 'reponse';
}

function StepForm({ claim }: { claim: Claim }) {
  const add = useAddClaimStep(claim.id);
  const outcome = useFormOutcome();
  const today = parisDay(new Date());
  const form = useForm({
    mode: 'controlled',
    onValuesChange: () => outcome.clear(),
    initialValues: { type: nextKind(claim) as ClaimStepKind, date: today, note: '', issue: '' as ClaimOutcome | '' },
    validate: {
      date: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) && v <= today ? null : CLAIM_MSG.claimDateInvalid),
      issue: (v, values) => (values.type === 'issue' && !v ? CLAIM_MSG.claimOutcomeRequired : null),
    },
  });
  const submit = form.onSubmit(async ({ type, date, note, issue }) => {
    try {
      await add.mutateAsync({ type, date, note: note.trim() || null, issue: type === 'issue' ? (issue as ClaimOutcome) : null });
      form.setValues({ note: '', issue: '' });
      outcome.succeeded(type === 'issue' ? 'Démarche terminée : son issue est notée dans l’historique de l’appareil.' : 'Étape ajoutée.');
    } catch (error) {
      outcome.failed(errorMessage(error, MSG.serverError));
    }
  }, outcome.invalid);
  return (
    <form onSubmit={submit} noValidate aria-label="Ajouter une étape">
      <Stack gap="sm">
        <NativeSelect
          label="Nouvelle étape"
          data={CLAIM_STEPS.map((s) => ({ value: s, label: CLAIM_STEP_LABELS[s] }))}
          {...form.getInputProps('type')}
        />
        <TextInput label="Date" type="date" max={today} {...form.getInputProps('date')} />
        {form.values.type === 'issue' && (
          <Radio.Group label="Comment s’est-elle terminée ?" {...form.getInputProps('issue')}>
            <Stack gap={6} mt={6}>
              {CLAIM_OUTCOMES.map((o) => (
                <Radio key={o} value={o} label={CLAIM_OUTCOME_LABELS[o]} description={OUTCOME_HELP[o]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Textarea
          label="Note (facultative)"
          description="Ce qui a été dit, un numéro de dossier…"
          autosize
          minRows={2}
          {...form.getInputProps('note')}
        />
        <FormOutcome outcome={outcome} />
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          Ajouter l’étape
        </Button>
      </Stack>
    </form>
  );
}
