-- DropIndex
DROP INDEX "AccessLog_wasAllowed_idx";

-- DropIndex
DROP INDEX "AccessLog_accessTime_idx";

-- DropIndex
DROP INDEX "Business_createdAt_idx";

-- DropIndex
DROP INDEX "ContactInquiry_createdAt_idx";

-- DropIndex
DROP INDEX "Session_createdAt_idx";

-- DropIndex
DROP INDEX "User_createdAt_idx";

-- DropIndex
DROP INDEX "User_subscriptionStatus_idx";

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "targetUserId" TEXT,
    "targetEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "field" TEXT,
    "fromValue" TEXT,
    "toValue" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RowCount" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_id_idx" ON "AuditLog"("createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditLog_targetUserId_createdAt_idx" ON "AuditLog"("targetUserId", "createdAt");

-- CreateIndex
CREATE INDEX "AccessLog_accessTime_id_idx" ON "AccessLog"("accessTime", "id");

-- CreateIndex
CREATE INDEX "AccessLog_wasAllowed_accessTime_id_idx" ON "AccessLog"("wasAllowed", "accessTime", "id");

-- CreateIndex
CREATE INDEX "Business_createdAt_id_idx" ON "Business"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Business_name_idx" ON "Business"("name");

-- CreateIndex
CREATE INDEX "ContactInquiry_createdAt_id_idx" ON "ContactInquiry"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Session_createdAt_id_idx" ON "Session"("createdAt", "id");

-- CreateIndex
CREATE INDEX "User_subscriptionStatus_createdAt_id_idx" ON "User"("subscriptionStatus", "createdAt", "id");

-- CreateIndex
CREATE INDEX "User_subscriptionStatus_subscriptionExpiry_idx" ON "User"("subscriptionStatus", "subscriptionExpiry");

-- CreateIndex
CREATE INDEX "User_createdAt_id_idx" ON "User"("createdAt", "id");

-- CreateIndex
CREATE INDEX "User_firstName_idx" ON "User"("firstName");

-- CreateIndex
CREATE INDEX "User_lastName_idx" ON "User"("lastName");
