import { WELCOME_STEPS } from '@ecofoyer/contracts';
import { Box, Button, Center, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import welcome1 from '../../../assets/illustrations/welcome-1.svg';
import welcome2 from '../../../assets/illustrations/welcome-2.svg';
import welcome3 from '../../../assets/illustrations/welcome-3.svg';
import { Logo } from '../../../components/logo.tsx';

/** product §2, Welcome: the three slide themes. */
const SLIDES = [
  {
    image: welcome1,
    title: 'Tout à portée de main',
    text: 'Factures, notices et fiches d’entretien de vos appareils, réunies au même endroit et toujours avec vous.',
  },
  {
    image: welcome2,
    title: 'Des services éco-responsables',
    text: 'Revente, don ou recyclage : offrez une seconde vie à vos appareils au lieu de les jeter.',
  },
  {
    image: welcome3,
    title: 'Suivez l’assistant, réparez facilement',
    text: 'Des guides pour réparer vous-même pas à pas, et des réparateurs près de chez vous quand il le faut.',
  },
] as const;

/** /welcome and /welcome/{step}: an unknown step falls back to the first; the last slide's « Commencer » goes to /home. */
export function WelcomePage() {
  const { step } = useParams();
  const navigate = useNavigate();
  const found = WELCOME_STEPS.indexOf((step ?? 'welcome') as (typeof WELCOME_STEPS)[number]);
  const index = Math.max(found, 0);
  const slide = SLIDES[index];
  const last = index === WELCOME_STEPS.length - 1;
  const next = () => navigate(last ? '/home' : `/welcome/${WELCOME_STEPS[index + 1]}`);

  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-eco-0)" px="md" py="lg">
      <Stack maw={480} mx="auto" mih="calc(100dvh - 48px)" justify="space-between" gap="lg">
        <Group justify="space-between">
          <Logo size={32} />
          <Button component={Link} to="/home" variant="subtle">
            Passer
          </Button>
        </Group>
        <Stack align="center" ta="center" gap="md" aria-live="polite">
          <Image src={slide.image} alt="" w="100%" maw={360} h="auto" />
          <Title order={1} fz={26}>
            {slide.title}
          </Title>
          <Text size="lg" c="dark.5">
            {slide.text}
          </Text>
        </Stack>
        <Stack gap="lg">
          <Center>
            <Group gap={10} role="group" aria-label={`Étape ${index + 1} sur ${WELCOME_STEPS.length}`}>
              {WELCOME_STEPS.map((name, i) => (
                <UnstyledButton
                  key={name}
                  component={Link}
                  to={`/welcome/${name}`}
                  aria-label={`Étape ${i + 1}`}
                  aria-current={i === index ? 'step' : undefined}
                  p={8}
                >
                  <Box
                    w={i === index ? 28 : 10}
                    h={10}
                    bg={i === index ? 'eco.7' : 'eco.2'}
                    style={{ borderRadius: 5, transition: 'width 200ms' }}
                  />
                </UnstyledButton>
              ))}
            </Group>
          </Center>
          <Button size="lg" fullWidth onClick={next}>
            {last ? 'Commencer' : 'Suivant'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
