using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class ImprisonmentConfiguration : RecordConfiguration<Imprisonment>
{
    protected override int RecordPart => 0;

    protected override void ConfigureRecord(EntityTypeBuilder<Imprisonment> builder)
    {
        builder.Property(i => i.ArrivalReason).HasConversion<string>().HasMaxLength(24);
        builder.Ignore(i => i.IsCurrent);

        // A sentence is a value shared by the stays it spans (a transfer carries it over), hence a complex type.
        builder.ComplexProperty(i => i.Sentence, sentence =>
        {
            sentence.Property(s => s.Months).HasColumnName("sentence_months");
            sentence.Property(s => s.IsLife).HasColumnName("life_sentence");
        });

        // The dashboard: the most recent arrivals among a prison's current stays; and one current stay a prisoner.
        builder.HasIndex(i => new { i.PrisonId, i.ArrivalDate }).IsDescending(false, true)
            .HasDatabaseName("imprisonment_current_by_arrival").HasFilter(CurrentStay.Sql);
        builder.HasIndex([PrisonerConfiguration.PrisonerKey], "imprisonment_one_current").IsUnique().HasFilter(CurrentStay.Sql);
        builder.HasOne<Prison.Domain.PrisonFacility>().WithMany().HasForeignKey(i => i.PrisonId).OnDelete(DeleteBehavior.Restrict);
    }
}
