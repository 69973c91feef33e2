using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>A prisoner as read, with the bits of the collections its record fills (<see cref="RecordParts"/>).</summary>
internal sealed record PrisonerWithParts(Prisoner Prisoner, int Parts);
