import { describe, expect, it } from 'vitest';
import { operatorCrds } from './crd-manifests.ts';

type Version = { name: string; subresources?: Record<string, unknown>; additionalPrinterColumns?: { name: string; jsonPath: string }[] };
const versionOf = (name: string): Version => {
  const crd = operatorCrds().find((c) => c.metadata.name === name);
  return (crd?.spec as { versions: Version[] }).versions[0]!;
};

describe('operatorCrds', () => {
  it('ships the Dojo and the three Discord kinds in group core.jutsu.com', () => {
    expect(
      operatorCrds()
        .map((c) => c.metadata.name)
        .sort(),
    ).toEqual(['discordchannels.core.jutsu.com', 'discordgroups.core.jutsu.com', 'discordservers.core.jutsu.com', 'dojos.core.jutsu.com']);
  });

  it('gives Dojo the scale subresource an HPA needs and the printer columns of the design', () => {
    const v1 = versionOf('dojos.core.jutsu.com');
    expect(v1.subresources).toEqual({
      status: {},
      scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' },
    });
    expect(v1.additionalPrinterColumns?.map((c) => c.name)).toEqual(['Title', 'Ready', 'Available', 'Degraded', 'Age']);
  });

  it('gives each Discord kind a status subresource and a Ready column', () => {
    for (const name of ['discordservers', 'discordgroups', 'discordchannels']) {
      const v1 = versionOf(`${name}.core.jutsu.com`);
      expect(v1.subresources).toEqual({ status: {} });
      expect(v1.additionalPrinterColumns?.find((c) => c.name === 'Ready')?.jsonPath).toBe('.status.conditions[?(@.type=="Ready")].status');
    }
  });
});
