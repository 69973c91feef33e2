using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Forms;

namespace Prison.Db.Mappings;

internal sealed class FormSubmissionConfiguration : IEntityTypeConfiguration<FormSubmission>
{
    public void Configure(EntityTypeBuilder<FormSubmission> builder)
    {
        builder.ToTable("form_submission");
        builder.HasKey(s => s.Token).HasName("form_submission_pkey");
        builder.Property(s => s.Token).ValueGeneratedNever();
        builder.Property(s => s.Kind).HasMaxLength(FormSubmission.MaxKind);
        builder.Property(s => s.SavedAtUtc).HasColumnName("saved_at");
    }
}
