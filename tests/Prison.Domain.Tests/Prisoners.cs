using Prison.Domain.Record;

namespace Prison.Domain.Tests;

/// <summary>Prisoners for rule tests: convicted, in custody since long ago, with an otherwise empty record.</summary>
internal static class Prisoners
{
    /// <summary>The evaluation day most rule tests use.</summary>
    public static readonly DateOnly Today = new(2026, 11, 21);

    public static Prisoner Convicted(DateOnly? dateOfBirth = null)
    {
        var prisoner = new Prisoner("A1234BC", "Test Prisoner", dateOfBirth ?? new DateOnly(1980, 1, 1), LegalStatus.Convicted);
        prisoner.Admit(prisonId: 1, new DateOnly(2020, 1, 1));
        return prisoner;
    }
}
