using System.Text;
using Bogus;
using Bogus.DataSets;

namespace Prison.Worker.Import;

/// <summary>
/// What the files do not tell (names, dates of birth, the jail) made up from what they do, the same way every
/// time: importing the same files into another database gives the same people in the same places.
/// </summary>
public sealed class MadeUpDetails
{
    // One data set reused for every name; only its random source changes, seeded by the person.
    private readonly Name _names = new("en");

    /// <summary>A name seeded by the inmateid, of the row's gender (F female, anything else male).</summary>
    public string NameOf(string inmateId, bool isWoman)
    {
        _names.Random = new Randomizer(Seed("name", inmateId));
        var gender = isWoman ? Name.Gender.Female : Name.Gender.Male;
        return $"{_names.FirstName(gender)} {_names.LastName(gender)}";
    }

    /// <summary>Women go to RMSC; men to one of the other jails by a stable hash of the inmateid.</summary>
    public static NycFacility FacilityOf(string inmateId, bool isWoman) =>
        isWoman ? NycFacility.ForWomen : NycFacility.ForMen[Seed("facility", inmateId) % NycFacility.ForMen.Count];

    /// <summary>
    /// 1 July of the year the age points at: never more than half a year off, and the same for everyone of an age,
    /// so that rule 37 (under 25) can work. Unknown when the row has no age.
    /// </summary>
    public static DateOnly? DateOfBirthOf(int? age, DateOnly day) => age is { } years ? new DateOnly(day.Year - years, 7, 1) : null;

    /// <summary>FNV-1a over the purpose and the id: stable across runs and machines, unlike string.GetHashCode.</summary>
    private static int Seed(string purpose, string inmateId)
    {
        var hash = 2166136261u;
        foreach (var b in Encoding.UTF8.GetBytes($"{purpose}/{inmateId}"))
        {
            hash = unchecked((hash ^ b) * 16777619u);
        }

        return (int)(hash & int.MaxValue);
    }
}
